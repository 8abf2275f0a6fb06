import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { notificationKeys } from './keys';

export type NotificationPage = components['schemas']['ListNotificationsOutputBody'];

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications?before=&limit=: one page, newest first, plus the unread count. */
export function listNotifications(before?: number): Promise<NotificationPage> {
  const query = before ? { before, limit: NOTIFICATIONS_PAGE_SIZE } : { limit: NOTIFICATIONS_PAGE_SIZE };
  return request((api) => api.GET('/api/notifications', { params: { query } }), { errorToast: false });
}

/** Every notification, page by page ('Load more' follows next_before). */
export function notificationsListQuery(userId: number, language: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId, language),
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before || undefined,
  });
}
