import { request } from '@/lib/api';

const path = (id: number) => ({ params: { path: { id } } });

/** POST /api/tournaments/{id}/approve: super admins; 409 tournament.already_decided when decided already. */
export function approveTournament(id: number): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/approve', path(id)), { errorToast: false }).then(() => undefined);
}

/** POST /api/tournaments/{id}/reject with an optional reason (shown to the creator). */
export function rejectTournament(id: number, reason: string): Promise<void> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request((api) => api.POST('/api/tournaments/{id}/reject', { ...path(id), body }), { errorToast: false }).then(() => undefined);
}
