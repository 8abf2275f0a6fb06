import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { matchKeys } from './keys';
import type { Match } from './list-matches';

/** GET /api/matches/{id}: one match with what the caller may do (a notification's ?match=). */
export function getMatch(id: number): Promise<Match> {
  return request((api) => api.GET('/api/matches/{id}', { params: { path: { id } } }), { errorToast: false });
}

export function matchQuery(userId: number, id: number) {
  return queryOptions({ queryKey: matchKeys.one(userId, id), queryFn: () => getMatch(id), enabled: id > 0, retry: false });
}
