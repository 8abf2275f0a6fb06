import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type CalendarFeed = components['schemas']['CalendarFeedView'];

export const calendarFeedKey = (userId: number) => ['settings', userId, 'calendar-feed'] as const;

/** GET /api/calendar/feed: whether the caller has a calendar feed (the URL is never shown again). */
export function calendarFeedQuery(userId: number) {
  return queryOptions({
    queryKey: calendarFeedKey(userId),
    queryFn: () => request((api) => api.GET('/api/calendar/feed'), { errorToast: false }),
  });
}

/** POST /api/calendar/feed: a new secret feed URL, replacing the old one. */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return request((api) => api.POST('/api/calendar/feed'), { errorToast: false });
}

/** DELETE /api/calendar/feed: the feed URL stops working. */
export function revokeCalendarFeed(): Promise<unknown> {
  return request((api) => api.DELETE('/api/calendar/feed'), { errorToast: false });
}
