import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { challengeKeys } from './keys';

/** GET /api/tournaments/{id}/standings: positions, statuses and the challenge range. */
export function getStandings(id: number) {
  return request((api) => api.GET('/api/tournaments/{id}/standings', { params: { path: { id } } }), { errorToast: false });
}

export function standingsQuery(userId: number, tournamentId: number) {
  return queryOptions({ queryKey: challengeKeys.standings(userId, tournamentId), queryFn: () => getStandings(tournamentId), enabled: tournamentId > 0 });
}
