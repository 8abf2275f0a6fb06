import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/Field';
import { homeClubsQuery } from '@/features/clubs/api/home-clubs';

interface Props {
  name: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (e: { target: { value: string } }) => void;
}

/** The home club of /profile: a validated club or none (DECISIONS 25). */
export function HomeClubSelect({ value, disabled, ...props }: Props) {
  const { t } = useTranslation('profile');
  const clubs = useQuery(homeClubsQuery());
  const list = clubs.data ?? [];
  // A saved club outside the loaded page still shows as chosen.
  const missing = value && !list.some((c) => String(c.id) === value);
  return (
    <SelectField label={t('homeClub.label')} hint={t('homeClub.hint')} value={value} disabled={disabled || clubs.isPending} {...props}>
      <option value="">{clubs.isError ? t('geoFailed') : t('homeClub.none')}</option>
      {missing && <option value={value}>{t('homeClub.current')}</option>}
      {list.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
