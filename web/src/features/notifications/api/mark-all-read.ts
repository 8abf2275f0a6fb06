import { request } from '@/lib/api';

/** POST /api/notifications/read_all: how many were marked. */
export function markAllNotificationsRead(): Promise<number> {
  return request((api) => api.POST('/api/notifications/read_all'), { errorToast: false }).then((body) => body.marked);
}
