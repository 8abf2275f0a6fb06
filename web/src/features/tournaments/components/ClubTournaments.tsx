import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRight, Users } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { ANY_TOURNAMENT, flattenTournaments, tournamentsQuery } from '../api/list-tournaments';
import { usePlayersLabel, useRankingLabel } from './TournamentCard';
import { TournamentImage } from './TournamentImage';
import { PrivacyBadge } from './TournamentStatusBadge';

const SHOWN = 6;

const link = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

function List({ clubId }: { clubId: number }) {
  const { t } = useTranslation('tournaments');
  const { user } = useSession();
  const ranking = useRankingLabel();
  const players = usePlayersLabel();
  const query = useInfiniteQuery(tournamentsQuery(user?.id ?? 0, { ...ANY_TOURNAMENT, clubId: String(clubId) }, SHOWN));
  const items = flattenTournaments(query.data?.pages);
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl bg-surface-2 px-4 py-6 text-center">
        <p className="text-sm text-fg">{t('loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('club.empty')}</p>;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="club-tournaments">
        {items.map((tr) => (
          <li key={tr.id} className="relative flex items-center gap-3 rounded-xl border border-border bg-surface p-3 focus-within:ring-2 focus-within:ring-ring">
            <TournamentImage url={tr.image_url} className="h-14 w-14 shrink-0 rounded-lg [&_svg]:h-6 [&_svg]:w-6" />
            <div className="min-w-0 flex-1 space-y-1">
              <Link to={`/tournaments/${tr.id}`} className="block truncate font-semibold text-fg after:absolute after:inset-0 focus-visible:outline-none">
                {tr.name}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
                <PrivacyBadge privacy={tr.privacy} />
                <span>{ranking(tr)}</span>
                <span className="inline-flex items-center gap-1">
                  <Users className="h-3.5 w-3.5" aria-hidden="true" />
                  {players(tr)}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Link to={`/tournaments?club=${clubId}`} className={`mt-4 inline-flex items-center gap-1.5 text-sm ${link}`}>
          {t('club.all')}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      )}
    </>
  );
}

/**
 * The Tournaments tab of a club page: its active tournaments as small cards, the first few with
 * a link to the full filtered list. Its own Suspense: the club route loads only the clubs texts.
 */
export function ClubTournaments({ clubId }: { clubId: number }) {
  return (
    <Suspense fallback={<Spinner />}>
      <List clubId={clubId} />
    </Suspense>
  );
}
