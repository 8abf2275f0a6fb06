import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, request } from '@/lib/api';

/**
 * A player's statistics (GET /api/players/{id}/stats): read by the statistics page and by the
 * profile's summary cards, under one key factory so both share the cached answer.
 */
export type PlayerStats = components['schemas']['PlayerStatsView'];

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
export const statsRetry = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 1;

export function playerStatsQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: statsKeys.overview(viewerId, id),
    queryFn: () => request((api) => api.GET('/api/players/{id}/stats', { params: { path: { id } } }), { errorToast: false }),
    retry: statsRetry,
  });
}
