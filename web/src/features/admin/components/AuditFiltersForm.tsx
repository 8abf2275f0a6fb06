import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { emptyAuditFilters, type AuditFilters } from '../api/audit-log';
import { actionKey } from '../lib/audit-format';

interface Props {
  value: AuditFilters;
  actions: string[];
  targetTypes: string[];
  onApply(f: AuditFilters): void;
  onClear(): void;
}

function sameFilters(a: AuditFilters, b: AuditFilters) {
  return (Object.keys(a) as (keyof AuditFilters)[]).every((k) => a[k] === b[k]);
}

/** The system logs' filters: actor (email), action or area, target (type and id), dates. */
export function AuditFiltersForm({ value, actions, targetTypes, onApply, onClear }: Props) {
  const { t } = useTranslation('system');
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (!sameFilters(shown, value)) {
    // The URL changed (a row's "filter by", back/forward): start from it. Compared by content: the
    // page builds a new object on every render (its answer arriving, a refetch), and that must not
    // wipe what the reader is typing.
    setShown(value);
    setDraft(value);
  }
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const areas = [...new Set(actions.map((a) => a.split('.')[0]))];

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }

  return (
    <form onSubmit={submit} aria-label={t('logs.filtersLabel')} className="grid grid-cols-2 gap-4 rounded-2xl border border-border bg-surface p-4 lg:grid-cols-4">
      <div className="col-span-2 sm:col-span-1">
        <TextField label={t('logs.actor')} type="email" placeholder={t('logs.actorPlaceholder')} value={draft.actor} onChange={set('actor')} autoComplete="off" />
      </div>
      <div className="col-span-2 sm:col-span-1">
      <SelectField label={t('logs.action')} value={draft.action} onChange={set('action')}>
        <option value="">{t('logs.anyAction')}</option>
        {areas.map((area) => (
          <optgroup key={area} label={t(`areas.${area}`, { defaultValue: area })}>
            <option value={`${area}.`}>{t('logs.allOfArea', { area: t(`areas.${area}`, { defaultValue: area }) })}</option>
            {actions
              .filter((a) => a.startsWith(`${area}.`))
              .map((a) => (
                <option key={a} value={a}>
                  {t(actionKey(a), { defaultValue: a })}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>
      </div>
      <div className="col-span-2 sm:col-span-1">
      <SelectField label={t('logs.targetType')} value={draft.targetType} onChange={set('targetType')}>
        <option value="">{t('logs.anyTarget')}</option>
        {targetTypes.map((k) => (
          <option key={k} value={k}>
            {t(`targets.${k}`, { defaultValue: k })}
          </option>
        ))}
      </SelectField>
      </div>
      <div className="col-span-2 sm:col-span-1">
      <TextField
        label={t('logs.targetId')}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft.targetId}
        onChange={set('targetId')}
        disabled={!draft.targetType}
        hint={draft.targetType ? undefined : t('logs.targetIdHint')}
      />
      </div>
      <TextField label={t('logs.from')} type="date" value={draft.from} onChange={set('from')} max={draft.to || undefined} />
      <TextField label={t('logs.to')} type="date" value={draft.to} onChange={set('to')} min={draft.from || undefined} />
      {draft.actorId && (
        <p className="col-span-2 flex items-center gap-2 text-sm lg:col-span-4">
          <span className="rounded-full bg-surface-2 px-3 py-1 text-fg">{t('logs.actorId', { id: draft.actorId })}</span>
          <Button variant="ghost" size="sm" onClick={() => onApply({ ...draft, actorId: '' })}>
            <X className="h-4 w-4" aria-hidden="true" />
            {t('logs.removeActorId')}
          </Button>
        </p>
      )}
      <div className="col-span-2 flex flex-wrap items-end gap-2">
        <Button type="submit">
          <Filter className="h-4 w-4" aria-hidden="true" />
          {t('logs.apply')}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            // Typed but not applied, the filters are not in the URL: clearing it changes nothing there.
            setDraft(emptyAuditFilters);
            onClear();
          }}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          {t('logs.clear')}
        </Button>
      </div>
    </form>
  );
}
