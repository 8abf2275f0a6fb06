import { queryOptions } from '@tanstack/react-query';
import { getRecentNotifications, type Notification } from './recent-notifications';
import { notificationKeys } from './keys';
import { getUnreadCount } from './unread-count';

/** Spec §9: the bell polls every 30 s and shows at most 5. */
export const BELL_POLL_MS = 30_000;
export const BELL_MAX_ITEMS = 5;

export interface BellState {
  items: Notification[];
  unread: number;
}

/**
 * The bell's data: the recent list (first 5 kept) and the unread count, fetched together.
 * Spec §8: a failure (non-OK or network) is logged, and the bell shows an empty list and a count
 * of 0 — no message for the user.
 */
export async function loadBell(): Promise<BellState> {
  try {
    const [items, unread] = await Promise.all([getRecentNotifications(), getUnreadCount()]);
    return { items: items.slice(0, BELL_MAX_ITEMS), unread: Math.max(0, unread) };
  } catch (error) {
    console.error('Error loading notifications', error);
    return { items: [], unread: 0 };
  }
}

export function bellQuery(userId: number, language: string) {
  return queryOptions({
    queryKey: notificationKeys.bell(userId, language),
    queryFn: loadBell,
    refetchInterval: BELL_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}
