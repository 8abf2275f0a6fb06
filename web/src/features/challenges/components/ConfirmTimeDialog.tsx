import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { SelectField, TextField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { cn } from '@/lib/cn';
import { focusFirstInvalid } from '@/lib/focus';
import { SURFACES } from '../api/confirm-match-time';
import { errorMessage, fieldErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { fromInputValue, toInputValue } from '../lib/time-advice';

export interface TimeAndPlace {
  time: string;
  location: string;
  court: string;
  surface: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The proposed times to choose from; none: any time (changing an agreed time). */
  times: string[];
  initial?: Partial<TimeAndPlace>;
  submitLabel: string;
  /** The error toast's title when the call fails. */
  errorTitle: string;
  onSubmit(value: TimeAndPlace): Promise<void>;
}

/**
 * The confirm time dialog (SPEC §2, §5): choose one of the proposed times ('Please select a
 * time' otherwise) and optionally where: location, court and surface.
 */
export function ConfirmTimeDialog({ open, onOpenChange, title, description, times, initial, submitLabel, errorTitle, onSubmit }: Props) {
  const { t, i18n } = useTranslation('challenges');
  const toast = useToast();
  const id = useId();
  const [time, setTime] = useState(initial?.time ?? '');
  const [custom, setCustom] = useState(initial?.time ? toInputValue(new Date(initial.time)) : '');
  const [location, setLocation] = useState(initial?.location ?? '');
  const [court, setCourt] = useState(initial?.court ?? '');
  const [surface, setSurface] = useState(initial?.surface ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const now = Date.now();
  const language = i18n.resolvedLanguage ?? i18n.language;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = times.length > 0 ? time : (fromInputValue(custom)?.toISOString() ?? '');
    if (!chosen) {
      setErrors({ time: t('confirmTime.required') });
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSubmit({ time: chosen, location: location.trim(), court: court.trim(), surface });
      onOpenChange(false);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorTitle, errorMessage(error));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={title} description={description}>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          {times.length > 0 ? (
            <fieldset aria-describedby={errors.time ? `${id}-time-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-fg">{t('confirmTime.choose')}</legend>
              <div className="space-y-2">
                {times.map((at) => {
                  const passed = new Date(at).getTime() <= now;
                  return (
                    <label
                      key={at}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2.5 has-[:checked]:border-brand has-[:checked]:bg-brand/10',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        passed && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-time`}
                        value={at}
                        checked={time === at}
                        disabled={passed}
                        aria-invalid={errors.time ? true : undefined}
                        onChange={() => (setTime(at), setErrors(({ time: _, ...rest }) => rest))}
                        className="h-4 w-4 accent-brand"
                      />
                      <span className="text-sm text-fg">{formatDateTime(at, language)}</span>
                      {passed && <span className="text-xs text-muted">{t('confirmTime.passed')}</span>}
                    </label>
                  );
                })}
              </div>
              {errors.time && (
                <p id={`${id}-time-error`} role="alert" className="mt-2 text-sm text-danger">
                  {errors.time}
                </p>
              )}
            </fieldset>
          ) : (
            <TextField label={t('confirmTime.when')} type="datetime-local" value={custom} error={errors.time} onChange={(e) => setCustom(e.target.value)} />
          )}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold text-fg">{t('confirmTime.where')}</legend>
            <TextField label={t('confirmTime.location')} value={location} maxLength={200} error={errors.location} onChange={(e) => setLocation(e.target.value)} />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('confirmTime.court')} value={court} maxLength={60} error={errors.court} onChange={(e) => setCourt(e.target.value)} />
              <SelectField label={t('confirmTime.surface')} value={surface} error={errors.surface} onChange={(e) => setSurface(e.target.value)}>
                <option value="">{t('confirmTime.noSurface')}</option>
                {SURFACES.map((s) => (
                  <option key={s} value={s}>
                    {t(`surfaces.${s}`)}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('actions.back')}
            </Button>
            <Button type="submit" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
