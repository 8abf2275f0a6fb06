import { request } from '@/lib/api';

/** GET /api/notifications/unread_count: how many notifications are unread. */
export function getUnreadCount(): Promise<number> {
  return request((api) => api.GET('/api/notifications/unread_count'), { errorToast: false }).then((body) => body.count);
}
