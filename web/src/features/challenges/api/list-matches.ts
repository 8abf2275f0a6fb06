import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components, operations } from '@/api/schema';
import { request } from '@/lib/api';
import { matchKeys } from './keys';
import { nextBefore } from './list-challenges';

export type Match = components['schemas']['MatchView'];
export type MatchState = Match['state'];
type StoredState = NonNullable<NonNullable<operations['list-matches']['parameters']['query']>['state']>[number];

/** The match list's filters: open ones (still to play or to settle), completed, or all. */
export const MATCH_FILTERS = ['open', 'completed', 'all'] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];
const FILTER_STATES: Record<MatchFilter, StoredState[]> = {
  open: ['time_proposed', 'time_confirmed', 'result_reported', 'result_disputed'],
  completed: ['completed'],
  all: [],
};

export const MATCHES_PAGE_SIZE = 20;
// The server reads list query parameters comma-separated (huma's default), not repeated.
const commaArrays = { array: { style: 'form', explode: false } } as const;

/** GET /api/matches?scope=mine: the caller's matches, newest first. */
export function listMyMatches(filter: MatchFilter, before?: number) {
  const states = FILTER_STATES[filter];
  const query = { scope: 'mine' as const, limit: MATCHES_PAGE_SIZE, ...(states.length ? { state: states } : {}), ...(before ? { before } : {}) };
  return request((api) => api.GET('/api/matches', { params: { query }, querySerializer: commaArrays }), { errorToast: false });
}

export function myMatchesQuery(userId: number, filter: MatchFilter) {
  return infiniteQueryOptions({
    queryKey: matchKeys.list(userId, 'mine', filter),
    queryFn: ({ pageParam }) => listMyMatches(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextBefore(last.items, MATCHES_PAGE_SIZE),
  });
}

/**
 * GET /api/matches?scope=validation: results waiting for the caller, to validate (referee,
 * creator without a referee, super admin) or to confirm (opponent). One page of the maximum:
 * the server merges two lists for this scope, so a cursor would not follow both.
 */
export function listPendingValidations() {
  return request((api) => api.GET('/api/matches', { params: { query: { scope: 'validation', limit: 100 } } }), { errorToast: false });
}

export function pendingValidationsQuery(userId: number) {
  return queryOptions({ queryKey: matchKeys.list(userId, 'validation', ''), queryFn: listPendingValidations });
}
