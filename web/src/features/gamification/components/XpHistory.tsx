import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { xpHistoryQuery } from '@/lib/gamification';

/** The reader's XP events, newest first, a page at a time. */
export function XpHistory({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('gamification');
  const q = useInfiniteQuery(xpHistoryQuery(userId));
  if (q.isPending) return <Spinner className="py-8" label={t('loading')} />;
  if (q.isError)
    return (
      <div role="alert" className="text-sm">
        <p className="text-fg">{t('loadFailed')}</p>
        <Button variant="outline" className="mt-2" onClick={() => void q.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const items = q.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('history.empty')}</p>;
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div>
      <ol className="divide-y divide-border" data-testid="xp-history">
        {items.map((e) => (
          <li key={e.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-fg">
                {t(`reason.${e.reason}`)}
              </p>
              <p className="text-xs text-muted">{fmt.format(new Date(e.created_at))}</p>
            </div>
            <span className="shrink-0 rounded-full bg-surface-2 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-fg">
              {t('plusXp', { xp: e.amount })}
            </span>
          </li>
        ))}
      </ol>
      {q.hasNextPage && (
        <Button variant="outline" className="mt-3 w-full" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
          {q.isFetchingNextPage ? t('loading') : t('history.more')}
        </Button>
      )}
    </div>
  );
}
