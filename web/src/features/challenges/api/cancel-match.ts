import { request } from '@/lib/api';

/** POST /api/matches/{id}/cancel: call the match off without a result (204). */
export function cancelMatch(id: number): Promise<void> {
  return request((api) => api.POST('/api/matches/{id}/cancel', { params: { path: { id } } }), { errorToast: false }).then(() => undefined);
}
