import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type HubData = components['schemas']['HubView'];
export type ScoreCheck = components['schemas']['ScoreCheckView'];

export const hubKeys = {
  all: ['hub'] as const,
  near: (userId: number) => [...hubKeys.all, userId, 'near'] as const,
};

/** GET /api/hub: tournaments, clubs, players and results of the reader's district. */
export function hubQuery(userId: number) {
  return queryOptions({
    queryKey: hubKeys.near(userId),
    queryFn: () => request((api) => api.GET('/api/hub'), { errorToast: false }),
  });
}

/** POST /api/scores/check: the server's own score validation (stores nothing). */
export function checkScore(score: string): Promise<ScoreCheck> {
  return request((api) => api.POST('/api/scores/check', { body: { score } }), { errorToast: false });
}
