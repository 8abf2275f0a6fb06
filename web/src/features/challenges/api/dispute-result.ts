import { request } from '@/lib/api';
import type { Match } from './list-matches';

/** POST /api/matches/{id}/dispute: the opponent disagrees (a referee decides). */
export function disputeResult(id: number, reason: string): Promise<Match> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request((api) => api.POST('/api/matches/{id}/dispute', { params: { path: { id } }, body }), { errorToast: false });
}
