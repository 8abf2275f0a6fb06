import { request } from '@/lib/api';

/** PUT /api/notifications/{id}/read (spec §7): no body, 204. */
export function markNotificationRead(id: number): Promise<void> {
  return request((api) => api.PUT('/api/notifications/{id}/read', { params: { path: { id } } }), { errorToast: false }).then(
    () => undefined,
  );
}
