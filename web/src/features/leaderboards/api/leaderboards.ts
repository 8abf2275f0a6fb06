import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { downloadFile } from '@/lib/download';

export type Period = 'all' | 'month' | 'week';
export const PERIODS: readonly Period[] = ['all', 'month', 'week'];
export type LeaderRow = components['schemas']['LeaderRowView'];
export type LeaderboardPage = components['schemas']['LeaderboardView'];

export type LeadersPage = components['schemas']['LeadersView'];
export type TournamentLeaders = components['schemas']['TournamentLeadersView'];
export type WeekTop = components['schemas']['WeekView'];
export type WeekRow = components['schemas']['WeekRowView'];
export type Comparison = components['schemas']['CompareView'];
export type Compared = components['schemas']['ComparedView'];

export const BOARD_PAGE = 20;
export const LEADERS_PAGE = 10;
/** How many players a comparison takes (SPEC §5; the server refuses more). */
export const MAX_COMPARE = 4;

export const boardKeys = {
  all: ['leaderboards'] as const,
  page: (viewerId: number, period: Period, start: number) => [...boardKeys.all, viewerId, period, start] as const,
  leaders: (viewerId: number) => [...boardKeys.all, 'leaders', viewerId] as const,
  week: (viewerId: number) => [...boardKeys.all, 'week', viewerId] as const,
  compare: (viewerId: number, ids: readonly number[]) => [...boardKeys.all, 'compare', viewerId, ids.join(',')] as const,
  search: (q: string) => [...boardKeys.all, 'search', q] as const,
};

/** The first three of every active tournament the reader may see, a page of tournaments at a time. */
export function leadersQuery(viewerId: number) {
  return infiniteQueryOptions({
    queryKey: boardKeys.leaders(viewerId),
    queryFn: ({ pageParam }) =>
      request((api) => api.GET('/api/leaderboards/leaders', { params: { query: { offset: pageParam, limit: LEADERS_PAGE } } }), {
        errorToast: false,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: LeadersPage) => (last.next_offset > 0 ? last.next_offset : undefined),
  });
}

/** Top of the week: most wins and biggest climbs of the reader's current week. */
export function weekQuery(viewerId: number) {
  return queryOptions({
    queryKey: boardKeys.week(viewerId),
    queryFn: () => request((api) => api.GET('/api/leaderboards/week'), { errorToast: false }),
  });
}

/** The comparison of ids (1 to MAX_COMPARE players), in that order. */
export function compareQuery(viewerId: number, ids: readonly number[]) {
  return queryOptions({
    queryKey: boardKeys.compare(viewerId, ids),
    queryFn: () =>
      request((api) => api.GET('/api/leaderboards/compare', { params: { query: { ids: ids.join(',') } } }), { errorToast: false }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Players matching q (the global search's player results), for the comparison's picker. */
export function playerSearchQuery(q: string) {
  return queryOptions({
    queryKey: boardKeys.search(q),
    queryFn: async () => {
      const out = await request((api) => api.GET('/api/search', { params: { query: { q } } }), { errorToast: false });
      return out.results.filter((r) => r.type === 'player');
    },
    enabled: q.trim().length >= 2,
  });
}

/** Reads ?ids= (comma-separated player ids; junk and repeats dropped, order kept). */
export function parseIds(raw: string | null): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const n = Number(part.trim());
    if (Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The ranking of period from row `start` on (0: the top; "show me" starts near the reader). */
export function leaderboardQuery(viewerId: number, period: Period, start: number) {
  return infiniteQueryOptions({
    queryKey: boardKeys.page(viewerId, period, start),
    queryFn: ({ pageParam }) =>
      request((api) => api.GET('/api/leaderboards', { params: { query: { period, offset: pageParam, limit: BOARD_PAGE } } }), {
        errorToast: false,
      }),
    initialPageParam: start,
    getNextPageParam: (last: LeaderboardPage) => (last.next_offset > 0 ? last.next_offset : undefined),
  });
}

/** Downloads the CSV export of period under the server's file name; throws on failure. */
export function downloadLeaderboardCSV(period: Period): Promise<void> {
  return downloadFile(`/api/leaderboards.csv?period=${period}`, `ranking-${period}.csv`);
}
