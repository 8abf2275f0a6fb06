import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { statsKeys, statsRetry, type HistoryFilter } from '@/lib/player-stats';

export type HistoryItem = components['schemas']['HistoryItemView'];
export type HistoryPage = components['schemas']['PlayerHistoryOutputBody'];

// The overview query and the key factory are shared with the profile cards (src/lib).
export { playerStatsQuery, statsKeys, type HistoryFilter, type PlayerStats } from '@/lib/player-stats';

export const HISTORY_PAGE = 20;

export function playerHistoryQuery(viewerId: number, id: number, f: HistoryFilter) {
  return infiniteQueryOptions({
    queryKey: statsKeys.history(viewerId, id, f),
    queryFn: ({ pageParam }) =>
      request(
        (api) =>
          api.GET('/api/players/{id}/history', {
            params: {
              path: { id },
              query: {
                tournament_id: f.tournamentId || undefined,
                from: f.from || undefined,
                to: f.to || undefined,
                before: pageParam || undefined,
                limit: HISTORY_PAGE,
              },
            },
          }),
        { errorToast: false },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: HistoryPage) => (last.next_before > 0 ? last.next_before : undefined),
    retry: statsRetry,
  });
}

/** The query string of a history filter (what the History tab shows, for the CSV export). */
export function historyParams(f: HistoryFilter): string {
  const q = new URLSearchParams();
  if (f.tournamentId) q.set('tournament_id', String(f.tournamentId));
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Downloads the CSV of the filtered history; throws on failure. */
export function downloadHistoryCSV(id: number, f: HistoryFilter): Promise<void> {
  return downloadFile(`/api/players/${id}/history.csv${historyParams(f)}`, `history-${id}.csv`);
}
