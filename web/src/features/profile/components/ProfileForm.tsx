import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { focusFirstInvalid } from '@/lib/focus';
import { useDistricts } from '@/lib/geo';
import type { Gender, Profile } from '../api/get-profile';
import { updateProfile, type ProfileInput } from '../api/update-profile';
import { HomeClubSelect } from './HomeClubSelect';
import { timezoneOptions, utcOffset } from '../lib/timezones';

/** Spec §5/§9 and the terms: age is optional, at least 13; the server also caps it at 120. */
export const MIN_AGE = 13;
export const MAX_AGE = 120;

export interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  whatsapp: string;
  signal: string;
  telegram: string;
  age: string;
  gender: Gender;
  district: string;
  municipality: string;
  timezone: string;
  /** The home club's id, '' for none. */
  club_id: string;
}

export type ProfileField = keyof ProfileValues;

const GENDERS: Gender[] = ['', 'male', 'female', 'other'];

export function valuesOf(p: Profile): ProfileValues {
  return {
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    phone: p.phone ?? '',
    whatsapp: p.whatsapp ?? '',
    signal: p.signal ?? '',
    telegram: p.telegram ?? '',
    age: p.age == null ? '' : String(p.age),
    gender: p.gender ?? '',
    district: p.district ?? '',
    municipality: p.municipality ?? '',
    timezone: p.timezone || 'Europe/Lisbon',
    club_id: p.club_id ? String(p.club_id) : '',
  };
}

/** The PUT body: every field (PUT replaces the profile); age and the home club null when empty (none). */
export function payloadOf(v: ProfileValues): ProfileInput {
  const { age, club_id, ...rest } = v;
  return { ...rest, age: age.trim() !== '' ? Number(age) : null, club_id: club_id ? Number(club_id) : null };
}

const sameValues = (a: ProfileValues, b: ProfileValues) => (Object.keys(a) as ProfileField[]).every((k) => a[k] === b[k]);

interface Props {
  profile: Profile;
  onSaved: (profile: Profile) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The personal details of /profile: names, email (read-only), contacts, age, gender, district and
 * municipality, timezone. One save for all; the server checks everything and saves all or
 * nothing, and its per-field messages show under the fields with an 'Error updating profile' toast.
 */
export function ProfileForm({ profile, onSaved, onDirtyChange }: Props) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const districts = useDistricts();
  const [saved, setSaved] = useState(() => valuesOf(profile));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !sameValues(values, saved);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function update<K extends ProfileField>(field: K, value: ProfileValues[K]) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Spec: the municipality list follows the district; a new district clears it.
      if (field === 'district' && value !== v.district) next.municipality = '';
      return next;
    });
    setErrors(({ [field]: _dropped, ...rest }) => rest as typeof errors);
  }

  function check(v: ProfileValues): Partial<Record<ProfileField, string>> {
    const out: Partial<Record<ProfileField, string>> = {};
    const age = v.age.trim();
    if (age !== '') {
      const n = Number(age);
      if (!Number.isInteger(n)) out.age = t('errors.ageWhole');
      else if (n < MIN_AGE) out.age = t('errors.ageMin', { min: MIN_AGE });
      else if (n > MAX_AGE) out.age = t('errors.ageMax', { max: MAX_AGE });
    }
    if (v.municipality && !v.district) out.municipality = t('errors.districtFirst');
    return out;
  }

  const focusFirstError = () => focusFirstInvalid(formRef.current);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const local = check(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusFirstError();
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const answer = await updateProfile(payloadOf(values));
      const next = valuesOf(answer);
      setSaved(next);
      setValues(next);
      onSaved(answer);
      toast.success(t('saved'));
    } catch (error) {
      console.error('Error updating profile', error);
      const fields = error instanceof ApiError ? (error.fieldErrors as Partial<Record<ProfileField, string>>) : {};
      setErrors(fields);
      toast.error(t('errors.updateProfile'), error instanceof ApiError ? error.message : undefined);
      focusFirstError();
    } finally {
      setSaving(false);
    }
  }

  const list = districts.data ?? [];
  const district = list.find((d) => d.code === values.district);
  const zones = timezoneOptions(saved.timezone);
  const field = (name: ProfileField) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: saving,
    onChange: (e: { target: { value: string } }) => update(name, e.target.value as never),
  });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving} className="space-y-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-fg">{t('sections.identity')}</legend>
        <TextField label={t('fields.firstName')} autoComplete="given-name" maxLength={60} {...field('first_name')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" maxLength={60} {...field('last_name')} />
        <div className="sm:col-span-2">
          <TextField
            label={t('fields.email')}
            name="email"
            type="email"
            value={profile.email}
            readOnly
            hint={t('hints.email')}
            className="cursor-default bg-surface-2 text-muted"
          />
        </div>
        <TextField
          label={t('fields.age')}
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          step={1}
          hint={t('hints.age', { min: MIN_AGE })}
          {...field('age')}
        />
        <SelectField label={t('fields.gender')} {...field('gender')}>
          {GENDERS.map((g) => (
            <option key={g || 'none'} value={g}>
              {t(`gender.${g || 'none'}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold text-fg">{t('sections.contacts')}</legend>
        <p className="text-sm text-muted sm:col-span-2">{t('hints.contacts')}</p>
        <TextField label={t('fields.phone')} type="tel" autoComplete="tel" placeholder="+351 912 345 678" {...field('phone')} />
        <TextField label={t('fields.whatsapp')} type="tel" placeholder="+351 912 345 678" {...field('whatsapp')} />
        <TextField label={t('fields.signal')} hint={t('hints.signal')} autoCapitalize="none" {...field('signal')} />
        <TextField label={t('fields.telegram')} hint={t('hints.telegram')} autoCapitalize="none" placeholder="@" {...field('telegram')} />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-fg">{t('sections.location')}</legend>
        <SelectField label={t('fields.district')} {...field('district')} disabled={saving || districts.isPending}>
          <option value="">{districts.isError ? t('geoFailed') : t('choose')}</option>
          {(['district', 'autonomous_region'] as const).map((kind) => (
            <optgroup key={kind} label={t(`districtKinds.${kind}`)}>
              {list
                .filter((d) => d.kind === kind)
                .map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          label={t('fields.municipality')}
          {...field('municipality')}
          disabled={saving || !district}
          hint={district ? undefined : t('hints.municipality')}
        >
          <option value="">{t('choose')}</option>
          {district?.municipalities.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <HomeClubSelect {...field('club_id')} />
        </div>
        <div className="sm:col-span-2">
          <SelectField label={t('fields.timezone')} hint={t('hints.timezone')} {...field('timezone')}>
            {zones.map((zone) => {
              const offset = utcOffset(zone);
              const name = t(`timezones.${zone}`, { defaultValue: zone });
              return (
                <option key={zone} value={zone}>
                  {offset ? `${name} (${offset})` : name}
                </option>
              );
            })}
          </SelectField>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        {dirty && !saving && <p className="text-center text-sm text-muted sm:text-right">{t('unsaved')}</p>}
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
