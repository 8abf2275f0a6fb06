import { request } from '@/lib/api';

/** POST /api/challenges/{id}/cancel: the challenger withdraws (204). */
export function cancelChallenge(id: number): Promise<void> {
  return request((api) => api.POST('/api/challenges/{id}/cancel', { params: { path: { id } } }), { errorToast: false }).then(() => undefined);
}
