import { useInfiniteQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { placeNames, useDistricts } from '@/lib/geo';
import { useSession } from '@/lib/SessionProvider';
import { clubsQuery, flattenPages } from '../api/list-clubs';
import { formatRemaining, remaining } from '../lib/clubs';
import { DecisionButtons } from './DecisionButtons';

const PENDING = { q: '', district: '', municipality: '', status: 'pending' as const };

/** The super admin's validation list: pending clubs, time left in d, h, m, Validate / Reject. */
export function PendingClubs() {
  const { t } = useTranslation('clubs');
  const { user } = useSession();
  const districts = useDistricts();
  const query = useInfiniteQuery(clubsQuery(user?.id ?? 0, PENDING));
  const clubs = flattenPages(query.data?.pages);
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div role="alert" className="text-center">
        <p className="text-sm text-fg">{t('loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (clubs.length === 0) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('validations.empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-border" data-testid="pending-clubs">
        {clubs.map((club) => {
          const place = placeNames(districts.data, club.district, club.municipality);
          return (
            <li key={club.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={`/clubs/${club.id}`} className="font-semibold text-brand underline-offset-2 hover:underline">
                  {club.name}
                </Link>
                <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted">
                  {[place.municipality, place.district].filter(Boolean).join(', ')}
                  {club.expires_at && (
                    <span className="inline-flex items-center gap-1">
                      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                      {t('validations.left', { left: formatRemaining(remaining(club.expires_at)) })}
                    </span>
                  )}
                </p>
              </div>
              <DecisionButtons club={club} />
            </li>
          );
        })}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
    </>
  );
}
