import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProvisionalMark } from '@/components/RatingMarks';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import { leadersQuery, type TournamentLeaders } from '../api/leaderboards';
import type { CompareAction } from './BoardTable';
import { CompareButton } from './BoardTable';
import { Empty } from './StateBits';

function LeaderCard({ item, compare }: { item: TournamentLeaders; compare?: CompareAction }) {
  const { t } = useTranslation('leaderboards');
  const personName = usePersonName();
  const tr = item.tournament;
  const points = tr.ranking_type === 'points';
  return (
    <li className="rounded-2xl border border-border bg-surface p-4 shadow-sm" data-testid="leader-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-fg">
          <Link to={`/tournaments/${tr.id}`} className="hover:underline">
            {tr.name}
          </Link>
        </h2>
        <p className="text-xs text-muted">
          {tr.club_name ? `${tr.club_name} · ` : ''}
          {t('leaders.players', { count: tr.players })}
        </p>
      </div>
      {item.top.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('leaders.noPlayers')}</p>
      ) : (
        <ol className="mt-3 space-y-2" aria-label={t('leaders.caption', { name: tr.name })}>
          {item.top.map((p) => (
            <li key={p.player.id} className="flex items-center gap-2 text-sm">
              <span
                className={
                  p.position === 1
                    ? 'inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-brand-fg'
                    : 'inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-surface-2 font-semibold text-fg'
                }
              >
                {p.position}
              </span>
              <Avatar photoUrl={p.player.photo_url} name={p.player.display_name} size="sm" />
              <span className="flex min-w-0 flex-1 flex-col">
                {p.player.deleted ? (
                  // An erased account keeps its place in a ladder but has no page to link to.
                  <span className="truncate italic text-muted">{personName(p.player)}</span>
                ) : (
                  <Link to={`/players/${p.player.id}/stats`} className="truncate font-medium text-fg hover:underline">
                    {p.player.display_name}
                  </Link>
                )}
                <span className="flex flex-wrap items-center gap-x-1 text-xs tabular-nums text-muted">
                  {points && (
                    <abbr title={t('leaders.pointsLong')} className="no-underline">
                      {p.points} {t('leaders.points')} ·
                    </abbr>
                  )}
                  <abbr title={t('leaders.recordLong')} className="no-underline">
                    {p.wins}–{p.losses}
                  </abbr>
                  <span aria-hidden="true">·</span>
                  <span>
                    {t('columns.rating')} {p.rating.rating}
                  </span>
                  <ProvisionalMark provisional={p.rating.provisional} />
                </span>
              </span>
              {compare && !p.player.deleted && (
                <CompareButton name={p.player.display_name} added={compare.ids.includes(p.player.id)} onAdd={() => compare.onAdd(p.player.id)} compact />
              )}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** The "Tournament leaders" tab: the first three of every active tournament the reader may see. */
export function LeadersTab({ compare }: { compare?: CompareAction }) {
  const { t } = useTranslation('leaderboards');
  const { user } = useSession();
  const query = useInfiniteQuery(leadersQuery(user?.id ?? 0));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" data-testid="leaders-counts">
        {t('leaders.counts')}
      </p>
      {query.isPending ? (
        <Spinner className="py-12" label={t('leaders.loading')} />
      ) : query.isError ? (
        <LoadFailed title={t('leaders.loadFailed')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Empty text={t('leaders.empty')} />
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2">
            {items.map((item) => (
              <LeaderCard key={item.tournament.id} item={item} compare={compare} />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? t('leaders.loading') : t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
