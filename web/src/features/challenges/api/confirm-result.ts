import { request } from '@/lib/api';
import type { Match } from './list-matches';

/** POST /api/matches/{id}/confirm: the opponent agrees with the reported result. */
export function confirmResult(id: number): Promise<Match> {
  return request((api) => api.POST('/api/matches/{id}/confirm', { params: { path: { id } } }), { errorToast: false });
}
