import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type Notification = components['schemas']['NotificationView'];

/** GET /api/notifications/recent (spec §7): newest first, in the request's language. */
export function getRecentNotifications(): Promise<Notification[]> {
  return request((api) => api.GET('/api/notifications/recent'), { errorToast: false });
}
