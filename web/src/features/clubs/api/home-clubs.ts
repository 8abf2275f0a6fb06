import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { listClubs } from './list-clubs';

/** Up to this many validated clubs in the home club select (the server's page limit). */
export const HOME_CLUB_LIMIT = 100;

/** The validated clubs to pick a home club from: the first page of 100, by name. */
export function homeClubsQuery() {
  return queryOptions({
    queryKey: ['clubs', 'home-choices'] as const,
    queryFn: () => listClubs({ q: '', district: '', municipality: '', status: 'validated' }, undefined, HOME_CLUB_LIMIT).then((b) => b.items),
    staleTime: 5 * 60_000,
  });
}

/** A club's name (GET /api/clubs/{id}), for the home club on a player page. */
export function clubNameQuery(id: number) {
  return queryOptions({
    queryKey: ['clubs', 'name', id] as const,
    queryFn: () => request((api) => api.GET('/api/clubs/{id}', { params: { path: { id } } }), { errorToast: false }).then((c) => c.name),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
