import { request } from '@/lib/api';
import type { Match } from './list-matches';

/** POST /api/challenges/{id}/accept with one of the proposed times: the match is made. */
export function acceptChallenge(id: number, time: string): Promise<Match> {
  return request((api) => api.POST('/api/challenges/{id}/accept', { params: { path: { id } }, body: { time } }), { errorToast: false });
}
