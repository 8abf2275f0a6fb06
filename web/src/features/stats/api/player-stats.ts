import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, request } from '@/lib/api';

export type PlayerStats = components['schemas']['PlayerStatsView'];
export type HistoryItem = components['schemas']['HistoryItemView'];
export type HistoryPage = components['schemas']['PlayerHistoryOutputBody'];

/** Filters of the History tab: a tournament (0: all) and a period of days (YYYY-MM-DD, '' open). */
export interface HistoryFilter {
  tournamentId: number;
  from: string;
  to: string;
}

export const statsKeys = {
  all: (viewerId: number, id: number) => ['player-stats', viewerId, id] as const,
  overview: (viewerId: number, id: number) => [...statsKeys.all(viewerId, id), 'overview'] as const,
  history: (viewerId: number, id: number, f: HistoryFilter) => [...statsKeys.all(viewerId, id), 'history', f] as const,
};

// 'Player not found' is an answer, not a hiccup: do not ask again.
const retry = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 1;

export function playerStatsQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: statsKeys.overview(viewerId, id),
    queryFn: () => request((api) => api.GET('/api/players/{id}/stats', { params: { path: { id } } }), { errorToast: false }),
    retry,
  });
}

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
    retry,
  });
}
