import { request } from '@/lib/api';
import type { Match } from './list-matches';

/** POST /api/matches/{id}/validate: approve (the standings move) or reject (the players report again). */
export function validateResult(id: number, approve: boolean, notes: string): Promise<Match> {
  const body = notes.trim() ? { approve, notes: notes.trim() } : { approve };
  return request((api) => api.POST('/api/matches/{id}/validate', { params: { path: { id } }, body }), { errorToast: false });
}
