import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/SessionProvider';
import { showToast } from '@/lib/toast';
import { downloadHistoryCSV, playerHistoryQuery, type HistoryFilter, type HistoryItem, type PlayerStats } from '../api/player-stats';
import { dayDate, signed } from '../lib/format';
import { Empty, LoadState } from './StatesBits';

function Row({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('stats');
  const change = item.rating_change;
  return (
    <li className="rounded-xl border border-border bg-surface p-3" data-testid="history-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className={cn('mr-2 inline-block rounded-md px-1.5 text-xs font-bold', item.won ? 'bg-emerald-700 text-white dark:bg-emerald-400 dark:text-emerald-950' : 'bg-red-700 text-white dark:bg-red-400 dark:text-red-950')}>
            {item.won ? t('history.won') : t('history.lost')}
          </span>
          {item.opponent.id ? (
            <Link to={`/players/${item.opponent.id}/stats`} className="font-medium text-fg underline-offset-2 hover:underline">
              {item.opponent.display_name}
            </Link>
          ) : (
            <span className="text-muted">{t('history.deletedPlayer')}</span>
          )}
        </p>
        <p className="font-semibold tabular-nums text-fg">{item.score}</p>
      </div>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <span>{dayDate(item.played_on)}</span>
        <Link to={`/tournaments/${item.tournament_id}`} className="underline-offset-2 hover:underline">
          {item.tournament_name}
        </Link>
        {item.points !== 0 && <span>{t('history.points', { value: signed(item.points) })}</span>}
        <span>
          {t('history.rating')}{' '}
          <span className={cn('font-semibold tabular-nums', change > 0 ? 'text-success' : change < 0 ? 'text-danger' : 'text-fg')}>{signed(change)}</span>{' '}
          ({item.rating_after})
        </span>
        {item.position_after > 0 && <span>{t('history.position', { before: item.position_before, after: item.position_after })}</span>}
      </div>
    </li>
  );
}

/** Every validated match, newest first, filtered by tournament and period, paged by cursor. */
export function HistoryTab({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation('stats');
  const { user } = useSession();
  const [filter, setFilter] = useState<HistoryFilter>({ tournamentId: 0, from: '', to: '' });
  const query = useInfiniteQuery(playerHistoryQuery(user?.id ?? 0, stats.player.id, filter));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const fieldError = query.error instanceof ApiError ? query.error.fieldErrors : {};
  const [exporting, setExporting] = useState(false);
  async function exportCSV() {
    setExporting(true);
    try {
      await downloadHistoryCSV(stats.player.id, filter);
    } catch {
      showToast({ title: t('history.exportFailed'), variant: 'error' });
    } finally {
      setExporting(false);
    }
  }
  return (
    <div className="grid gap-4">
      <form className="grid gap-3 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()} aria-label={t('history.filters')}>
        <SelectField label={t('history.tournament')} value={filter.tournamentId || ''} onChange={(e) => setFilter({ ...filter, tournamentId: Number(e.target.value) || 0 })}>
          <option value="">{t('history.allTournaments')}</option>
          {stats.tournaments.map((tr) => (
            <option key={tr.tournament_id} value={tr.tournament_id}>
              {tr.name}
            </option>
          ))}
        </SelectField>
        <TextField type="date" label={t('history.from')} value={filter.from} max={filter.to || undefined} error={fieldError.from} onChange={(e) => setFilter({ ...filter, from: e.target.value })} />
        <TextField type="date" label={t('history.to')} value={filter.to} min={filter.from || undefined} error={fieldError.to} onChange={(e) => setFilter({ ...filter, to: e.target.value })} />
      </form>
      {query.isPending || (query.isError && Object.keys(fieldError).length === 0) ? (
        <LoadState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Empty>{filter.tournamentId || filter.from || filter.to ? t('history.noneFiltered') : t('history.empty')}</Empty>
      ) : (
        <>
          <Button variant="outline" className="justify-self-end" disabled={exporting} onClick={() => void exportCSV()} data-testid="history-export">
            {exporting ? t('history.exporting') : t('history.export')}
          </Button>
          <ol className="grid gap-2" aria-label={t('history.title')}>
            {items.map((item) => (
              <Row key={item.id} item={item} />
            ))}
          </ol>
          {query.hasNextPage && (
            <Button variant="outline" className="justify-self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('loading') : t('history.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
