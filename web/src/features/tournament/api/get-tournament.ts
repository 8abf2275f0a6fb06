import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, request } from '@/lib/api';

export type TournamentDetail = components['schemas']['TournamentDetailOutputBody'];
export type Person = components['schemas']['PersonView'];

/**
 * Every key of this page starts with ['tournaments', 'detail', id]: the list page's (and its edit
 * dialog's) invalidation of ['tournaments'] then refreshes this page too, and one invalidation of
 * tournamentKey(id) after an action refreshes the header, the ranking, the statistics and the people.
 * The viewer is part of each key because what the server answers depends on who asks.
 */
export const tournamentKey = (id: number) => ['tournaments', 'detail', id] as const;

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Retry once, but never a 404 (shown as 'Tournament not found') or a 403. */
export const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && count < 1;

export function getTournament(id: number): Promise<TournamentDetail> {
  return request((api) => api.GET('/api/tournaments/{id}', { params: { path: { id } } }), { errorToast: false });
}

export function tournamentQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: [...tournamentKey(id), viewerId],
    queryFn: () => getTournament(id),
    retry: (count, error) => !notFound(error) && count < 1,
  });
}
