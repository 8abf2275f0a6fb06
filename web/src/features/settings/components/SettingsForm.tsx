import { useQueryClient } from '@tanstack/react-query';
import { Bell, Languages, Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/Field';
import { SectionCard } from '@/components/ui/SectionCard';
import { Switch } from '@/components/ui/Switch';
import { useToast } from '@/components/ui/Toast';
import { UnsavedChangesPrompt } from '@/components/ui/UnsavedChangesPrompt';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { NOTIFICATION_TYPES } from '@/lib/notification-types';
import { settingsKey, type ContactVisibility, type Settings } from '../api/get-settings';
import { updateSettings } from '../api/update-settings';

const VISIBILITY: ContactVisibility[] = ['everyone', 'co_players', 'nobody'];
const CHANNELS = ['in_app', 'email'] as const;

/** Every type present, in spec order, with in-app on and email off where the server said nothing. */
export function normalise(settings: Settings): Settings {
  const notifications: Settings['notifications'] = {};
  for (const type of NOTIFICATION_TYPES) {
    const given = settings.notifications[type] as Settings['notifications'][string] | undefined;
    notifications[type] = { in_app: given?.in_app ?? true, email: given?.email ?? false };
  }
  return { ...settings, notifications };
}

function same(a: Settings, b: Settings) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The /settings form: channels per notification type, who sees the contact details, being listed,
 * and the email language. One save for everything; 'Error saving settings' on failure (spec §8)
 * with the server's per-field messages next to the fields.
 */
export function SettingsForm({ userId, initial }: { userId: number; initial: Settings }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => normalise(initial));
  const [values, setValues] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const dirty = !same(values, saved);
  const listedId = useId();
  const listedHintId = useId();

  function setChannel(type: string, channel: (typeof CHANNELS)[number], on: boolean) {
    setValues((v) => ({ ...v, notifications: { ...v.notifications, [type]: { ...v.notifications[type], [channel]: on } } }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFieldErrors({});
    try {
      const answer = normalise(await updateSettings(values));
      queryClient.setQueryData(settingsKey(userId), answer);
      setSaved(answer);
      setValues(answer);
      toast.success(t('saved'));
    } catch (error) {
      console.error('Error saving settings', error);
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setFieldErrors(fields);
      toast.error(t('saveFailed'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-busy={saving}>
      <SectionCard icon={Bell} title={t('notifications.title')} intro={t('notifications.intro')}>
        <div className="-mx-3 overflow-x-auto sm:mx-0">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('notifications.caption')}</caption>
            <thead>
              <tr className="border-b border-border text-xs uppercase tracking-wide text-muted">
                <th scope="col" className="px-3 py-2 font-semibold sm:pl-0">
                  {t('notifications.type')}
                </th>
                {CHANNELS.map((c) => (
                  <th key={c} scope="col" className="w-20 px-2 py-2 text-center font-semibold">
                    {t(`notifications.channels.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_TYPES.map((type) => (
                <tr key={type} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-3 align-top font-normal sm:pl-0">
                    <span className="block font-medium text-fg">{t(`types.${type}.name`)}</span>
                    <span className="mt-0.5 block text-xs text-muted">{t(`types.${type}.description`)}</span>
                    {fieldErrors[`notifications.${type}`] && (
                      <span className="mt-1 block text-sm text-danger">{fieldErrors[`notifications.${type}`]}</span>
                    )}
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c} className="px-2 py-3 text-center align-middle">
                      <input
                        type="checkbox"
                        name={`${type}.${c}`}
                        checked={values.notifications[type]?.[c] ?? false}
                        onChange={(e) => setChannel(type, c, e.target.checked)}
                        aria-label={t('notifications.checkbox', { type: t(`types.${type}.name`), channel: t(`notifications.channels.${c}`) })}
                        className="h-5 w-5 cursor-pointer accent-brand"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SectionCard>

      <SectionCard icon={Lock} title={t('privacy.title')} intro={t('privacy.intro')}>
        <fieldset aria-describedby={fieldErrors.contact_visibility ? 'visibility-error' : undefined}>
          <legend className="text-sm font-semibold text-fg">{t('privacy.visibility')}</legend>
          <div className="mt-3 grid gap-2">
            {VISIBILITY.map((option) => {
              const checked = values.contact_visibility === option;
              return (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                    checked ? 'border-brand bg-brand/5' : 'border-border hover:bg-surface-2',
                  )}
                >
                  <input
                    type="radio"
                    name="contact_visibility"
                    value={option}
                    checked={checked}
                    onChange={() => setValues((v) => ({ ...v, contact_visibility: option }))}
                    className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand"
                  />
                  <span>
                    <span className="block font-medium text-fg">{t(`privacy.options.${option}.label`)}</span>
                    <span className="mt-0.5 block text-sm text-muted">{t(`privacy.options.${option}.description`)}</span>
                  </span>
                </label>
              );
            })}
          </div>
          <p className="mt-3 text-xs text-muted">{t('privacy.superAdmins')}</p>
          {fieldErrors.contact_visibility && (
            <p id="visibility-error" className="mt-2 text-sm text-danger">
              {fieldErrors.contact_visibility}
            </p>
          )}
        </fieldset>

        <div className="mt-6 flex items-start justify-between gap-4 border-t border-border pt-5">
          <div>
            <p id={listedId} className="font-medium text-fg">
              {t('privacy.listed')}
            </p>
            <p id={listedHintId} className="mt-0.5 text-sm text-muted">
              {t('privacy.listedHint')}
            </p>
          </div>
          <Switch
            checked={values.listed}
            onCheckedChange={(listed) => setValues((v) => ({ ...v, listed }))}
            aria-labelledby={listedId}
            aria-describedby={listedHintId}
          />
        </div>
      </SectionCard>

      <SectionCard icon={Languages} title={t('language.title')} intro={t('language.intro')}>
        <div className="max-w-xs">
          <SelectField
            label={t('language.label')}
            name="language"
            value={values.language}
            error={fieldErrors.language}
            onChange={(e) => setValues((v) => ({ ...v, language: e.target.value as Settings['language'] }))}
          >
            <option value="pt">{t('language.pt')}</option>
            <option value="en">{t('language.en')}</option>
          </SelectField>
        </div>
      </SectionCard>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {dirty && !saving && <p className="text-center text-sm text-muted sm:text-right">{t('unsaved')}</p>}
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </div>
      <UnsavedChangesPrompt when={dirty && !saving} />
    </form>
  );
}
