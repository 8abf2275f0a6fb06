import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs } from '@/components/ui/Tabs';
import { useSession } from '@/lib/SessionProvider';
import { CHALLENGE_BOXES, CHALLENGE_FILTERS, challengesQuery, type ChallengeBox, type ChallengeFilter } from '../api/list-challenges';
import { useNow } from '../lib/use-now';
import { ChallengeCard } from './ChallengeCard';
import { EmptyState, FilterChips, LoadMore } from './ListStates';

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function ChallengeList({ box, status }: { box: ChallengeBox; status: ChallengeFilter }) {
  const { t } = useTranslation('challenges');
  const { user } = useSession();
  const query = useInfiniteQuery(challengesQuery(user?.id ?? 0, box, status));
  const now = useNow();
  if (query.isPending) return <Spinner className="py-12" />;
  if (query.isError) return <LoadFailed title={t('challenges.loadFailed')} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return <EmptyState icon={Inbox} title={t(`challenges.empty.${status === 'all' ? box : 'filtered'}`)} body={t('challenges.emptyHint')} />;
  }
  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2" aria-label={t('challenges.listLabel')}>
        {items.map((c) => (
          <ChallengeCard key={c.id} challenge={c} now={now} />
        ))}
      </ul>
      {query.hasNextPage && <LoadMore onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} />}
    </>
  );
}

/** Sent / received / all (tabs), the status filters, and the challenges, page by page; both filters live in the URL. */
export function ChallengesSection() {
  const { t } = useTranslation('challenges');
  const [params, setParams] = useSearchParams();
  const box = oneOf(CHALLENGE_BOXES, params.get('box'), 'all');
  const status = oneOf(CHALLENGE_FILTERS, params.get('status'), 'all');

  function set(key: 'box' | 'status', value: string, fallback: string) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <section aria-labelledby="challenges-heading" className="scroll-mt-20">
      <h2 id="challenges-heading" className="text-xl font-semibold text-fg">
        {t('challenges.title')}
      </h2>
      <Tabs<ChallengeBox>
        className="mt-4"
        label={t('challenges.boxLabel')}
        value={box}
        onValueChange={(b) => set('box', b, 'all')}
        tabs={CHALLENGE_BOXES.map((b) => ({
          id: b,
          label: t(`box.${b}`),
          content: (
            <div className="space-y-4">
              <FilterChips label={t('challenges.statusLabel')} options={CHALLENGE_FILTERS} value={status} onChange={(s) => set('status', s, 'all')} labelOf={(s) => t(`filters.${s}`)} />
              <ChallengeList box={b} status={status} />
            </div>
          ),
        }))}
      />
    </section>
  );
}
