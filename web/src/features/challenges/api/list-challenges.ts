import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { challengeKeys } from './keys';

export type Challenge = components['schemas']['ChallengeView'];
export type Person = components['schemas']['PersonView'];
export type ChallengeBox = 'all' | 'sent' | 'received';
export const CHALLENGE_BOXES: ChallengeBox[] = ['all', 'received', 'sent'];
/** SPEC §2's filters, plus completed (a challenge whose match was validated). */
export const CHALLENGE_FILTERS = ['all', 'pending', 'accepted', 'rejected', 'expired', 'completed'] as const;
export type ChallengeFilter = (typeof CHALLENGE_FILTERS)[number];

export const CHALLENGES_PAGE_SIZE = 20;

/** GET /api/challenges: newest first; `before` is the last id of the previous page. */
export function listChallenges(box: ChallengeBox, status: ChallengeFilter, before?: number) {
  const query = { box, status, limit: CHALLENGES_PAGE_SIZE, ...(before ? { before } : {}) };
  return request((api) => api.GET('/api/challenges', { params: { query } }), { errorToast: false });
}

/** A full page means there may be more: 'Load more' asks for the ones before its last id. */
export function nextBefore(items: { id: number }[], pageSize: number): number | undefined {
  return items.length >= pageSize ? items[items.length - 1]?.id : undefined;
}

export function challengesQuery(userId: number, box: ChallengeBox, status: ChallengeFilter) {
  return infiniteQueryOptions({
    queryKey: challengeKeys.list(userId, box, status),
    queryFn: ({ pageParam }) => listChallenges(box, status, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextBefore(last.items, CHALLENGES_PAGE_SIZE),
  });
}
