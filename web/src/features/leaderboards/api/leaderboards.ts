import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { currentLanguage } from '@/lib/i18n';
import { request } from '@/lib/api';

export type Period = 'all' | 'month' | 'week';
export const PERIODS: readonly Period[] = ['all', 'month', 'week'];
export type LeaderRow = components['schemas']['LeaderRowView'];
export type LeaderboardPage = components['schemas']['LeaderboardView'];

export const BOARD_PAGE = 20;

export const boardKeys = {
  all: ['leaderboards'] as const,
  page: (viewerId: number, period: Period, start: number) => [...boardKeys.all, viewerId, period, start] as const,
};

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
export async function downloadLeaderboardCSV(period: Period): Promise<void> {
  const res = await fetch(`/api/leaderboards.csv?period=${period}`, {
    credentials: 'same-origin',
    headers: { 'Accept-Language': currentLanguage() },
  });
  if (!res.ok) throw new Error(`export ${res.status}`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `ranking-${period}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
