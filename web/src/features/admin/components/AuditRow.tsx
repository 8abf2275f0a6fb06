import { CLOCK_24H } from '@/lib/time-format';
import { ArrowRight, Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditItem } from '../api/audit-log';
import { actionKey, detailLines, targetPath } from '../lib/audit-format';

interface Props {
  item: AuditItem;
  /** Narrow the list to this actor or this target. */
  onFilterActor(id: number): void;
  onFilterTarget(type: string, id: number): void;
}

/** One audit row: when, who, what, to which object, before → after, and where it came from. */
export function AuditRow({ item, onFilterActor, onFilterTarget }: Props) {
  const { t, i18n } = useTranslation('system');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const when = new Date(item.at);
  const lines = detailLines(item.details as Record<string, unknown>, t);
  const path = targetPath(item.target_type, item.target_id);
  const targetLabel = item.target_type ? t(`targets.${item.target_type}`, { defaultValue: item.target_type }) : '';
  const targetName = item.target_name || (item.target_id ? `#${item.target_id}` : '');
  return (
    <li className="rounded-xl border border-border bg-surface p-4" data-testid="audit-row" data-action={item.action}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-fg">{t(actionKey(item.action), { defaultValue: item.action })}</p>
        <time dateTime={item.at} className="text-sm text-muted">
          {when.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium', ...CLOCK_24H })}
        </time>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">{t('logs.by')}</dt>
          <dd className="min-w-0 break-words text-fg">
            {item.actor_id ? (
              <button type="button" className="cursor-pointer font-medium text-brand hover:underline" onClick={() => onFilterActor(item.actor_id!)} title={t('logs.filterActor')}>
                {item.actor_name || `#${item.actor_id}`}
              </button>
            ) : (
              <span className="inline-flex items-center gap-1">
                <Bot className="h-4 w-4" aria-hidden="true" />
                {t('logs.system')}
              </span>
            )}
            {item.actor_email && <span className="text-muted"> ({item.actor_email})</span>}
          </dd>
        </div>
        {item.target_type && item.target_type !== 'system' && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">{targetLabel}</dt>
            <dd className="min-w-0 break-words">
              {path ? (
                <Link to={path} className="font-medium text-brand hover:underline">
                  {targetName}
                </Link>
              ) : (
                <span className="text-fg">{targetName}</span>
              )}
              {item.target_id ? (
                <button
                  type="button"
                  className="ml-2 cursor-pointer text-xs text-muted underline hover:text-fg"
                  onClick={() => onFilterTarget(item.target_type, item.target_id!)}
                >
                  {t('logs.filterTarget')}
                </button>
              ) : null}
            </dd>
          </div>
        )}
      </dl>
      {lines.length > 0 && (
        <dl className="mt-3 space-y-1 rounded-lg bg-surface-2 p-3 text-sm">
          {lines.map((l) => (
            <div key={l.key} className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-muted">{l.label}:</dt>
              {l.value !== undefined ? (
                <dd className="min-w-0 break-words text-fg">{l.value}</dd>
              ) : (
                <dd className="inline-flex flex-wrap items-center gap-1.5 text-fg">
                  <span>{l.before}</span>
                  <ArrowRight className="h-4 w-4 text-muted" aria-label={t('logs.becomes')} />
                  <span className="font-semibold">{l.after}</span>
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 break-all text-xs text-muted">
        {item.ip && <span>{t('logs.ip', { ip: item.ip })}</span>}
        {item.request_id && <span className="ml-3">{t('logs.request', { id: item.request_id })}</span>}
      </p>
    </li>
  );
}
