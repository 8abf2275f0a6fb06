import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { focusFirstInvalid } from '@/lib/focus';
import type { TournamentInput } from '../api/save-tournament';
import { bodyOf, DEFAULT_VALUES, formErrorsOf, type FormErrors, type TournamentValues } from '../lib/tournament-form';
import { BasicsFields } from './BasicsFields';
import type { FormPart } from './form-parts';
import { ImagePicker } from './ImagePicker';
import { RankingFields } from './RankingFields';
import { RulesFields } from './RulesFields';

interface Submit {
  (body: TournamentInput, image: File | null): Promise<unknown>;
}

interface Props {
  initial?: TournamentValues;
  /** Sends the body; the form shows the server's field errors when it throws an ApiError. */
  onSubmit: Submit;
  /** The failure toast's title ('Error creating tournament', 'Error updating tournament'). */
  errorTitle: string;
  submitLabel: string;
  onCancel?: () => void;
  /** Creating: the optional picture and "I will play in this tournament". */
  creating?: boolean;
  /** The club's name when editing, in case the club is not among the loaded choices. */
  clubName?: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Every field of a tournament with the server's defaults filled in, shared by the create and edit
 * dialogs. Only the name is checked here (SPEC §5); the server checks the rest and its field
 * errors show under the fields, its message in the failure toast.
 */
export function TournamentForm({ initial = DEFAULT_VALUES, onSubmit, errorTitle, submitLabel, onCancel, creating = false, clubName }: Props) {
  const { t } = useTranslation('tournaments');
  const toast = useToast();
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const part: FormPart = {
    values,
    errors,
    disabled: saving,
    idPrefix,
    update(field, value) {
      setValues((v) => ({ ...v, [field]: value }));
      const scoring = field === 'winVsHigher' || field === 'winVsLower' || field === 'defeat' || field === 'preset';
      setErrors(({ [field]: _dropped, ...rest }) => (scoring ? { ...rest, scoring: undefined } : rest) as FormErrors);
    },
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!values.name.trim()) {
      setErrors({ name: t('form.nameRequired') });
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSubmit(bodyOf(values), creating ? image : null);
    } catch (error) {
      console.error(errorTitle, error);
      setErrors(error instanceof ApiError ? formErrorsOf(error.fieldErrors) : {});
      toast.error(errorTitle, error instanceof ApiError ? error.message : undefined);
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving} className="space-y-5">
      <Section title={t('form.basics')}>
        <BasicsFields part={part} clubName={clubName} />
        {creating && <ImagePicker file={image} onChange={setImage} disabled={saving} />}
      </Section>
      <Section title={t('form.rankingSection')}>
        <RankingFields part={part} />
      </Section>
      <Section title={t('form.rules')}>
        <RulesFields part={part} />
      </Section>
      {creating && (
        <div className="flex items-start gap-3 rounded-xl border border-border bg-surface-2 p-4">
          <input
            id={`${idPrefix}-play`}
            type="checkbox"
            checked={values.play}
            disabled={saving}
            onChange={(e) => part.update('play', e.target.checked)}
            aria-describedby={`${idPrefix}-play-hint`}
            className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-[var(--brand)]"
          />
          <div>
            <label htmlFor={`${idPrefix}-play`} className="block cursor-pointer text-sm font-semibold text-fg">
              {t('form.play')}
            </label>
            <p id={`${idPrefix}-play-hint`} className="text-sm text-muted">
              {t('form.playHint')}
            </p>
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={saving}>
          {saving ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
