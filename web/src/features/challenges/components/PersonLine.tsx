import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/PersonName';
import { Avatar, type AvatarSize } from '@/components/ui/Avatar';
import { usePersonName } from '@/lib/person';
import type { Person } from '../api/list-challenges';

/** A player's photo and name, linking to their page; "(you)" for the viewer. */
export function PersonLine({ person, me, size = 'sm' }: { person: Person; me?: boolean; size?: AvatarSize }) {
  const { t } = useTranslation('challenges');
  const name = usePersonName();
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar photoUrl={person.photo_url} name={name(person)} size={size} />
      <span className="min-w-0 truncate font-medium text-fg">
        {me ? (
          t('you', { name: person.display_name })
        ) : (
          <PersonName person={person} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring" />
        )}
      </span>
    </span>
  );
}
