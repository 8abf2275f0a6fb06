import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { retryUnlessRefused, tournamentKey } from './get-tournament';

export type Standings = components['schemas']['StandingsOutputBody'];
export type Standing = components['schemas']['StandingView'];
export type Participant = components['schemas']['ParticipantView'];
export type Statistics = components['schemas']['StatisticsOutputBody'];
export type MatchLine = components['schemas']['MatchLineView'];

const path = (id: number) => ({ params: { path: { id } } });

/** GET /api/tournaments/{id}/standings: the Ranking and Bracket tabs (403 when private and not allowed). */
export function standingsQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: [...tournamentKey(id), viewerId, 'standings'],
    queryFn: () => request((api) => api.GET('/api/tournaments/{id}/standings', path(id)), { errorToast: false }),
    retry: retryUnlessRefused,
  });
}

/** GET /api/tournaments/{id}/participants: players, referees and (for managers) join requests. */
export function participantsQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: [...tournamentKey(id), viewerId, 'participants'],
    queryFn: () =>
      request((api) => api.GET('/api/tournaments/{id}/participants', path(id)), { errorToast: false }).then((body) => body.items),
    retry: retryUnlessRefused,
  });
}

/** GET /api/tournaments/{id}/statistics: the Statistics tab. */
export function statisticsQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: [...tournamentKey(id), viewerId, 'statistics'],
    queryFn: () => request((api) => api.GET('/api/tournaments/{id}/statistics', path(id)), { errorToast: false }),
    retry: retryUnlessRefused,
  });
}
