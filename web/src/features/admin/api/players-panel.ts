import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type PanelPlayer = components['schemas']['PanelRowView'];
export type PanelSort = 'win_rate' | 'wins' | 'points' | 'matches' | 'name';
export const PANEL_SORTS: PanelSort[] = ['win_rate', 'wins', 'points', 'matches', 'name'];
export const PANEL_PAGE_SIZE = 12;
/** SPEC §5: at most 4 players side by side. */
export const MAX_COMPARE = 4;

export interface PanelFilters {
  q: string;
  clubId: number;
  sort: PanelSort;
}

/**
 * GET /api/admin/players-panel: searched, filtered, sorted and paged on the server (statistics
 * descending, names ascending).
 */
export function playersPanelQuery(f: PanelFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'players-panel', f, page] as const,
    queryFn: () =>
      request(
        (api) =>
          api.GET('/api/admin/players-panel', {
            params: {
              query: {
                sort: f.sort,
                offset: page * PANEL_PAGE_SIZE,
                limit: PANEL_PAGE_SIZE,
                ...(f.q.trim() ? { q: f.q.trim() } : {}),
                ...(f.clubId ? { club_id: f.clubId } : {}),
              },
            },
          }),
        { errorToast: false },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The validated clubs for the club filter (the first hundred by name). */
export function panelClubsQuery() {
  return queryOptions({
    queryKey: ['admin', 'players-panel', 'clubs'] as const,
    queryFn: () => request((api) => api.GET('/api/clubs', { params: { query: { limit: 100 } } }), { errorToast: false }),
    staleTime: 5 * 60_000,
  });
}
