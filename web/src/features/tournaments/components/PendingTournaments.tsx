import { useInfiniteQuery } from '@tanstack/react-query';
import { Clock, Trophy } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { formatRemaining, remaining } from '@/features/clubs/lib/clubs';
import { useSession } from '@/lib/SessionProvider';
import { ANY_TOURNAMENT, flattenTournaments, tournamentsQuery } from '../api/list-tournaments';
import { useRankingLabel } from './TournamentCard';
import { PrivacyBadge } from './TournamentStatusBadge';
import { TournamentDecisionButtons } from './TournamentDecisionButtons';

const PENDING = { ...ANY_TOURNAMENT, status: 'pending' as const };

/** The super admin's validation list: pending tournaments, time left in d, h, m, Approve / Reject. */
function PendingTournamentList() {
  const { t } = useTranslation('tournaments');
  const { user } = useSession();
  const ranking = useRankingLabel();
  const query = useInfiniteQuery(tournamentsQuery(user?.id ?? 0, PENDING));
  const items = flattenTournaments(query.data?.pages);
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
  if (items.length === 0) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('validations.empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-border" data-testid="pending-tournaments">
        {items.map((tr) => (
          <li key={tr.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1">
              <Link to={`/tournaments/${tr.id}`} className="break-words font-semibold text-brand underline-offset-2 hover:underline">
                {tr.name}
              </Link>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <PrivacyBadge privacy={tr.privacy} />
                {tr.club_name && <span>{tr.club_name}</span>}
                <span>{ranking(tr)}</span>
                {tr.expires_at && (
                  <span className="inline-flex items-center gap-1">
                    <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                    {t('validations.left', { left: formatRemaining(remaining(tr.expires_at)) })}
                  </span>
                )}
              </p>
            </div>
            <TournamentDecisionButtons tournament={tr} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
    </>
  );
}

function Card() {
  const { t } = useTranslation('tournaments');
  return (
    <SectionCard icon={Trophy} title={t('validations.title')} intro={t('validations.intro')}>
      <PendingTournamentList />
    </SectionCard>
  );
}

/**
 * The pending tournaments card of /super-admin. It has its own Suspense: that route loads the
 * 'tournaments' texts only when its namespaces list includes them.
 */
export function PendingTournamentsCard() {
  return (
    <Suspense fallback={<Spinner className="py-10" />}>
      <Card />
    </Suspense>
  );
}
