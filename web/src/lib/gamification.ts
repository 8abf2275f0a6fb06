import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

/**
 * Gamification (issue 15) server state shared by the /gamification page, the statistics page's
 * Achievements tab and the popups: key factories and queries. Keys start with
 * liveKeys.gamification(userId) (lib/live.ts), so a "gamification" live event refreshes them.
 */
export type Gamification = components['schemas']['GamificationView'];
export type AchievementItem = components['schemas']['AchievementView'];
export type XPEvent = components['schemas']['XpEventView'];
export type XPRow = components['schemas']['XpRowView'];
export type Popups = components['schemas']['PopupsView'];

export const XP_PAGE = 20;

export const gamificationKeys = {
  all: (userId: number) => ['gamification', userId] as const,
  summary: (userId: number) => [...gamificationKeys.all(userId), 'summary'] as const,
  xp: (userId: number) => [...gamificationKeys.all(userId), 'xp'] as const,
  board: (userId: number) => [...gamificationKeys.all(userId), 'board'] as const,
  popups: (userId: number) => [...gamificationKeys.all(userId), 'popups'] as const,
};

export const gamificationQuery = (userId: number) =>
  queryOptions({
    queryKey: gamificationKeys.summary(userId),
    queryFn: () => request((api) => api.GET('/api/gamification'), { errorToast: false }),
  });

export const xpHistoryQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: gamificationKeys.xp(userId),
    queryFn: ({ pageParam }) =>
      request((api) => api.GET('/api/gamification/xp', { params: { query: { before: pageParam, limit: XP_PAGE } } }), {
        errorToast: false,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.next_before > 0 ? last.next_before : undefined),
  });

export const xpLeaderboardQuery = (userId: number) =>
  queryOptions({
    queryKey: gamificationKeys.board(userId),
    queryFn: () => request((api) => api.GET('/api/gamification/leaderboard'), { errorToast: false }),
  });

export const popupsQuery = (userId: number) =>
  queryOptions({
    queryKey: gamificationKeys.popups(userId),
    queryFn: () => request((api) => api.GET('/api/gamification/popups'), { errorToast: false }),
    staleTime: Infinity, // refreshed by the live event (and at the next page load)
  });

export function markPopupsSeen(achievements: string[], level: number) {
  return request((api) => api.POST('/api/gamification/popups/seen', { body: { achievements, level } }), { errorToast: false });
}

/** Share of the way from this level's start to the next, 0–100. */
export function levelPercent(g: Pick<Gamification, 'xp' | 'level_from' | 'next_at'>): number {
  const span = g.next_at - g.level_from;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((g.xp - g.level_from) * 100) / span)));
}
