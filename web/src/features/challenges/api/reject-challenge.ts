import { request } from '@/lib/api';

/** POST /api/challenges/{id}/reject (the challenged player; 204). */
export function rejectChallenge(id: number): Promise<void> {
  return request((api) => api.POST('/api/challenges/{id}/reject', { params: { path: { id } } }), { errorToast: false }).then(() => undefined);
}
