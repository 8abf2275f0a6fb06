import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeText } from '@/features/notifications/components/NotificationBell';
import { unreadMessagesQuery } from '@/lib/conversations';
import { useSession } from '@/lib/SessionProvider';

/**
 * The header's link to /messages with the unread count (issue 13). It rides in the signed-in
 * shell's chunk (never the landing page's); the count follows the live "message" events, with a
 * slow poll as the fallback. Not on phones: a root account's header already holds eight controls at
 * 360 px; there, messages are one tap away in the action menu, the user menu and the home's tile.
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useQuery({ ...unreadMessagesQuery(user?.id ?? 0), enabled: !!user });
  const unread = query.data ?? 0;
  const badge = badgeText(unread);
  const label = unread > 0 ? t('header.messagesUnread', { count: unread }) : t('header.messages');
  return (
    <Link
      to="/messages"
      aria-label={label}
      title={t('header.messages')}
      className="relative grid h-10 w-10 place-items-center max-sm:hidden rounded-lg text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <MessageSquare className="h-5 w-5" aria-hidden="true" />
      {badge && (
        <span
          data-testid="messages-badge"
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 grid h-[1.15rem] min-w-[1.15rem] place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-surface"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}
