import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { focusFirstInvalid } from '@/lib/focus';
import { useDistricts } from '@/lib/geo';
import type { Club } from '../api/list-clubs';
import type { ClubInput } from '../api/save-club';
import { codeLabel, FACILITIES, SURFACES } from '../lib/clubs';
import { ChipGroup } from './ChipGroup';

export interface ClubValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  district: string;
  municipality: string;
  surfaces: string[];
  facilities: string[];
}

type Field = keyof ClubValues;

export const emptyClub: ClubValues = {
  name: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  district: '',
  municipality: '',
  surfaces: [],
  facilities: [],
};

export function clubValuesOf(c: Club): ClubValues {
  return {
    name: c.name,
    address: c.address ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
    website: c.website ?? '',
    district: c.district ?? '',
    municipality: c.municipality ?? '',
    surfaces: [...(c.surfaces ?? [])],
    facilities: [...(c.facilities ?? [])],
  };
}

interface Submit {
  (body: ClubInput): Promise<unknown>;
}

interface Props {
  initial?: ClubValues;
  /** Sends the body; the form shows the server's field errors when it throws an ApiError. */
  onSubmit: Submit;
  /** The failure toast's title ('Error proposing club', 'Error updating club'). */
  errorTitle: string;
  submitLabel: string;
  onCancel?: () => void;
}

/** The club fields, shared by the propose dialog and the edit dialog. */
export function ClubForm({ initial = emptyClub, onSubmit, errorTitle, submitLabel, onCancel }: Props) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const districts = useDistricts();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update<K extends Field>(field: K, value: ClubValues[K]) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'district' && value !== v.district) next.municipality = '';
      return next;
    });
    setErrors(({ [field]: _dropped, ...rest }) => rest as typeof errors);
  }

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
      await onSubmit({ ...values, name: values.name.trim() });
    } catch (error) {
      console.error(errorTitle, error);
      setErrors(error instanceof ApiError ? (error.fieldErrors as Partial<Record<Field, string>>) : {});
      toast.error(errorTitle, error instanceof ApiError ? error.message : undefined);
      focusFirstInvalid(formRef.current);
    } finally {
      setSaving(false);
    }
  }

  const list = districts.data ?? [];
  const district = list.find((d) => d.code === values.district);
  const text = (name: Exclude<Field, 'surfaces' | 'facilities'>) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: saving,
    onChange: (e: { target: { value: string } }) => update(name, e.target.value),
  });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving} className="space-y-4">
      <TextField label={t('form.name')} required maxLength={120} autoComplete="organization" {...text('name')} />
      <TextField label={t('form.address')} maxLength={200} autoComplete="street-address" {...text('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.phone')} type="tel" autoComplete="tel" {...text('phone')} />
        <TextField label={t('form.email')} type="email" autoComplete="email" {...text('email')} />
      </div>
      <TextField label={t('form.website')} type="url" placeholder={t('form.websitePlaceholder')} {...text('website')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.district')} {...text('district')} disabled={saving || districts.isPending}>
          <option value="">{t('form.choose')}</option>
          {list.map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.municipality')} {...text('municipality')} disabled={saving || !district}>
          <option value="">{t('form.choose')}</option>
          {district?.municipalities.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ChipGroup
        legend={t('form.surfaces')}
        options={SURFACES}
        value={values.surfaces}
        label={(c) => codeLabel(t, 'surfaces', c)}
        onChange={(v) => update('surfaces', v)}
        disabled={saving}
        error={errors.surfaces}
      />
      <ChipGroup
        legend={t('form.facilities')}
        options={FACILITIES}
        value={values.facilities}
        label={(c) => codeLabel(t, 'facilities', c)}
        onChange={(v) => update('facilities', v)}
        disabled={saving}
        error={errors.facilities}
      />
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
