import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/Field';
import { homeClubsQuery } from '@/features/clubs/api/home-clubs';
import { useDistricts } from '@/lib/geo';
import { todayISO } from '../lib/tournament-form';
import { ChoiceCards } from './ChoiceCards';
import { bind, type FormPart } from './form-parts';

/** Name, club, place, privacy and end date. */
export function BasicsFields({ part, clubName }: { part: FormPart; clubName?: string }) {
  const { t } = useTranslation('tournaments');
  const districts = useDistricts();
  // The validated clubs (the first 100 by name, as the profile's home club select).
  const clubs = useQuery(homeClubsQuery());
  const list = clubs.data ?? [];
  const { values, disabled } = part;
  // A club outside the loaded page (editing) still shows as chosen.
  const missing = values.clubId && !list.some((c) => String(c.id) === values.clubId);
  return (
    <div className="space-y-4">
      <TextField label={t('form.name')} required maxLength={120} autoComplete="off" {...bind(part, 'name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.club')} hint={t('form.clubHint')} {...bind(part, 'clubId')} disabled={disabled || clubs.isPending}>
          <option value="">{t('form.noClub')}</option>
          {missing && <option value={values.clubId}>{clubName || values.clubId}</option>}
          {list.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.district')} hint={t('form.districtHint')} {...bind(part, 'district')} disabled={disabled || districts.isPending}>
          <option value="">{t('form.choose')}</option>
          {(districts.data ?? []).map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.location')} placeholder={t('form.locationPlaceholder')} maxLength={200} {...bind(part, 'location')} />
        <TextField label={t('form.endDate')} hint={t('form.endDateHint')} type="date" min={todayISO()} {...bind(part, 'endDate')} />
      </div>
      <ChoiceCards
        legend={t('form.privacy')}
        className="sm:grid-cols-2"
        value={values.privacy}
        onChange={(v) => part.update('privacy', v)}
        disabled={disabled}
        error={part.errors.privacy}
        choices={(['public', 'private'] as const).map((p) => ({ value: p, title: t(`privacy.${p}`), body: t(`form.privacyHelp.${p}`) }))}
      />
    </div>
  );
}
