import { useQueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '@/lib/SessionProvider';
import type { BellState } from './bell';
import { notificationKeys } from './keys';
import type { NotificationPage } from './list-notifications';
import { markAllNotificationsRead } from './mark-all-read';
import { markNotificationRead } from './mark-read';
import type { Notification } from './recent-notifications';

/**
 * Marking notifications read, for the bell and the /notifications page alike: the server first,
 * then every cached view (the bell and the full list, in any language) is updated in place.
 * Spec §4: unread becomes read, never back; the unread count goes down by one per mark, never
 * below 0. Spec §8: a failed mark is logged and changes nothing.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? 0;

  const apply = useCallback(
    async (which: number | 'all') => {
      // A fetch sent before the server marked (the bell refetches on opening, then polls; a live
      // event refetches the list) would answer with the old state after this update and show the
      // count and the item unread again. Such fetches are cancelled first (TanStack Query keeps
      // what they would have replaced), except a first fetch (its view would stay loading) and
      // 'Load more' (the click would do nothing); every one of them is asked again after the
      // mark, so nothing they were bringing is lost: at once, or once the ones left running land.
      const key = notificationKeys.all(userId);
      const cancellable = (q: Query) => q.state.data !== undefined && !q.state.fetchMeta?.fetchMore;
      const onTheirWay = queryClient.getQueryCache().findAll({ queryKey: key, fetchStatus: 'fetching' });
      const cancelled = new Set(onTheirWay.filter(cancellable));
      await queryClient.cancelQueries({ queryKey: key, predicate: (q) => cancelled.has(q) });
      const read = (n: Notification) => (which === 'all' || n.id === which ? { ...n, is_read: true } : n);
      const unread = (count: number) => (which === 'all' ? 0 : Math.max(0, count - 1));
      queryClient.setQueriesData<BellState>({ queryKey: [...key, 'bell'] }, (old) =>
        old ? { items: old.items.map(read), unread: unread(old.unread) } : old,
      );
      queryClient.setQueriesData<InfiniteData<NotificationPage>>({ queryKey: [...key, 'list'] }, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map(read), unread: unread(p.unread) })) } : old,
      );
      for (const q of onTheirWay) {
        const again = () => void queryClient.refetchQueries({ queryKey: q.queryKey, exact: true });
        if (cancelled.has(q)) again();
        else void q.promise?.then(again, again);
      }
    },
    [queryClient, userId],
  );

  /** Marks one unread notification read; false (and nothing changed) when the server refused. */
  const markRead = useCallback(
    async (notification: Notification): Promise<boolean> => {
      if (notification.is_read) return true;
      try {
        await markNotificationRead(notification.id);
      } catch (error) {
        console.error('Error marking notification as read', error);
        return false;
      }
      await apply(notification.id);
      return true;
    },
    [apply],
  );

  /** Marks everything read; throws the request's error so the caller can say so. */
  const markAllRead = useCallback(async () => {
    const marked = await markAllNotificationsRead();
    await apply('all');
    return marked;
  }, [apply]);

  return { markRead, markAllRead };
}
