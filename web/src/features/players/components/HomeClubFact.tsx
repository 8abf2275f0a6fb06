import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clubNameQuery } from '@/features/clubs/api/home-clubs';

/** The player's home club in the About facts: its name, linking to the club (nothing until known). */
export function HomeClubFact({ id }: { id: number }) {
  const { t } = useTranslation('players');
  const name = useQuery(clubNameQuery(id));
  if (!name.data) return null;
  return (
    <div className="contents" data-testid="home-club">
      <dt className="text-muted">{t('facts.homeClub')}</dt>
      <dd className="font-medium text-fg">
        <Link to={`/clubs/${id}`} className="text-brand underline-offset-2 hover:underline">
          {name.data}
        </Link>
      </dd>
    </div>
  );
}
