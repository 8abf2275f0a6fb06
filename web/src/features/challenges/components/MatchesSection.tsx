import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Swords } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { matchQuery } from '../api/get-match';
import { MATCH_FILTERS, myMatchesQuery, type MatchFilter } from '../api/list-matches';
import { EmptyState, FilterChips, LoadMore } from './ListStates';
import { MatchCard } from './MatchCard';

/** The match a notification pointed at (?match=): fetched on its own so any filter or page shows it, on top. */
function FocusedMatch({ id }: { id: number }) {
  const { t } = useTranslation('challenges');
  const { user } = useSession();
  const query = useQuery(matchQuery(user?.id ?? 0, id));
  if (query.isPending) return <Spinner className="py-6" />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl border border-border bg-surface px-4 py-3 text-sm text-muted">
        {t('matches.focusMissing')}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-muted">{t('matches.focused')}</p>
      <MatchCard match={query.data} highlight as="div" />
    </div>
  );
}

/** My matches (scope=mine): open, completed or all, page by page, with their actions. */
export function MatchesSection({ focusId }: { focusId: number }) {
  const { t } = useTranslation('challenges');
  const { user } = useSession();
  const [filter, setFilter] = useState<MatchFilter>('open');
  const query = useInfiniteQuery(myMatchesQuery(user?.id ?? 0, filter));
  const items = (query.data?.pages.flatMap((p) => p.items) ?? []).filter((m) => m.id !== focusId);

  return (
    <section aria-labelledby="matches-heading" className="scroll-mt-20 space-y-4">
      <h2 id="matches-heading" className="text-xl font-semibold text-fg">
        {t('matches.title')}
      </h2>
      {focusId > 0 && <FocusedMatch id={focusId} />}
      <FilterChips label={t('matches.filterLabel')} options={MATCH_FILTERS} value={filter} onChange={setFilter} labelOf={(f) => t(`matches.filters.${f}`)} />
      {query.isPending ? (
        <Spinner className="py-12" />
      ) : query.isError ? (
        <LoadFailed title={t('matches.loadFailed')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Swords} title={t(`matches.empty.${filter}`)} body={t('matches.emptyHint')} />
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label={t('matches.listLabel')}>
            {items.map((m) => (
              <MatchCard key={m.id} match={m} />
            ))}
          </ul>
          {query.hasNextPage && <LoadMore onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} />}
        </>
      )}
    </section>
  );
}
