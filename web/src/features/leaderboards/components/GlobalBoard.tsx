import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, LocateFixed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/SessionProvider';
import { showToast } from '@/lib/toast';
import { BOARD_PAGE, downloadLeaderboardCSV, leaderboardQuery, type Period } from '../api/leaderboards';
import { BoardTable, type CompareAction } from './BoardTable';

/** The period's first and last day in the reader's language (`to` is excluded: the day before). */
function rangeDays(from: string | null | undefined, to: string | null | undefined) {
  if (!from || !to) return null;
  const fmt = new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'long' });
  return { from: fmt.format(new Date(from)), to: fmt.format(new Date(new Date(to).getTime() - 1)) };
}

/** One period of the global ranking: "show me", CSV export, pages; rows may be added to the comparison. */
export function GlobalBoard({ period, compare }: { period: Period; compare?: CompareAction }) {
  const { t } = useTranslation('leaderboards');
  const { user } = useSession();
  const viewerId = user?.id ?? 0;
  // Where the list starts: the top, or a page around the reader after "show me".
  const [start, setStart] = useState(0);
  const [focusMe, setFocusMe] = useState(false);
  const query = useInfiniteQuery(leaderboardQuery(viewerId, period, start));
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const me = pages[0]?.me ?? null;
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!focusMe || !rows.some((r) => r.player.id === viewerId)) return;
    const el = document.getElementById('leaderboard-me');
    el?.scrollIntoView({ block: 'center' });
    el?.focus();
    setFocusMe(false);
  }, [focusMe, rows, viewerId]);

  function showMe() {
    if (!me) return;
    setFocusMe(true);
    if (!rows.some((r) => r.player.id === viewerId)) setStart(Math.max(0, me.position - 1 - Math.floor(BOARD_PAGE / 2)));
  }

  async function exportCSV() {
    setExporting(true);
    try {
      await downloadLeaderboardCSV(period);
    } catch {
      showToast({ title: t('exportFailed'), variant: 'error' });
    } finally {
      setExporting(false);
    }
  }

  const caption = t('caption', { period: t(`periods.${period}`) });
  const days = rangeDays(pages[0]?.from, pages[0]?.to);
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" data-testid="leaderboard-range">
          {days ? t('periodRange', days) : t('periods.all')}
        </p>
        <div className="flex flex-wrap gap-2">
          {viewerId > 0 && (
            <Button variant="outline" size="sm" onClick={showMe} disabled={!me}>
              <LocateFixed className="h-4 w-4" aria-hidden="true" />
              {t('showMe')}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => void exportCSV()} disabled={exporting}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {exporting ? t('exporting') : t('export')}
          </Button>
        </div>
      </div>
      {viewerId > 0 && query.isSuccess && !me && <p className="text-sm text-muted">{t('notRanked')}</p>}
      {query.isPending ? (
        <Spinner className="py-12" label={t('loading')} />
      ) : query.isError ? (
        <LoadFailed title={t('loadFailed')} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('empty')}</p>
      ) : (
        <>
          {start > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setStart(0)}>
              {t('backToTop')}
            </Button>
          )}
          <BoardTable rows={rows} meId={viewerId} caption={caption} compare={compare} />
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? t('loading') : t('loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
