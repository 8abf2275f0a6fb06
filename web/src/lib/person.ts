import { useTranslation } from 'react-i18next';

/** A person as the API shows one (standings, matches, challenges): `deleted` for an erased account. */
export interface PersonLike {
  id: number;
  display_name: string;
  deleted?: boolean;
}

/**
 * The name to show for a person: an erased account has none (the API says `deleted: true`), so
 * the translated "Deleted player" label stands in for it, in the language in use.
 */
export function usePersonName(): (p: PersonLike) => string {
  const { t } = useTranslation('common');
  return (p) => (p.deleted ? t('person.deleted') : p.display_name);
}
