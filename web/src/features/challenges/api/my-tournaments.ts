import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { challengeKeys } from './keys';

export type Tournament = components['schemas']['TournamentView'];

/**
 * GET /api/tournaments?status=mine: the tournaments the caller plays in, active ones only (a
 * challenge needs an active tournament). One page of 100 is plenty for one person.
 */
export async function myActiveTournaments(): Promise<Tournament[]> {
  const page = await request((api) => api.GET('/api/tournaments', { params: { query: { status: 'mine', limit: 100 } } }), { errorToast: false });
  return page.items.filter((t) => t.status === 'active');
}

export function myTournamentsQuery(userId: number) {
  return queryOptions({ queryKey: challengeKeys.myTournaments(userId), queryFn: myActiveTournaments, staleTime: 60_000 });
}
