import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { CLOCK_24H } from '@/lib/time-format';
import type { Notification } from '../api/recent-notifications';
import { notificationIcon } from '../lib/icons';
import { relativeTime } from '../lib/relative-time';

interface Props {
  notification: Notification;
  /** Clicking the notification: mark read, then follow its action_url. */
  onOpen: (notification: Notification) => void;
  /** The separate 'mark as read' action of unread items. */
  onMarkRead: (notification: Notification) => void;
  /** Current time in ms (the caller's clock, so a list shares one "now"). */
  now: number;
  compact?: boolean;
}

/**
 * One notification, as the bell and the /notifications page show it (spec §2): an icon by type,
 * title, message and relative time; unread items are highlighted and have a 'mark as read' button.
 */
export function NotificationItem({ notification: n, onOpen, onMarkRead, now, compact = false }: Props) {
  const { t, i18n } = useTranslation();
  const Icon = notificationIcon(n.type);
  const when = relativeTime(n.created_at, now, i18n.resolvedLanguage ?? i18n.language, t);
  return (
    <li
      data-testid="notification"
      data-read={n.is_read}
      className={cn('relative flex items-start gap-1 rounded-lg', n.is_read ? 'hover:bg-surface-2' : 'bg-brand/10 hover:bg-brand/15')}
    >
      <button
        type="button"
        onClick={() => onOpen(n)}
        className={cn(
          'flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
          compact ? 'p-3' : 'p-4',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'grid shrink-0 place-items-center rounded-full',
            compact ? 'h-9 w-9' : 'h-10 w-10',
            n.is_read ? 'bg-surface-2 text-muted' : 'bg-brand text-brand-fg',
          )}
        >
          <Icon className="h-4.5 w-4.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 text-sm text-fg', n.is_read ? 'font-medium' : 'font-semibold')}>{n.title}</span>
            {!n.is_read && (
              <>
                <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 self-start rounded-full bg-brand" />
                <span className="sr-only">{t('bell.unread')}</span>
              </>
            )}
          </span>
          <span className={cn('mt-0.5 block text-sm text-muted', compact && 'line-clamp-2')}>{n.message}</span>
          <time dateTime={n.created_at} title={new Date(n.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', ...CLOCK_24H })} className="mt-1 block text-xs text-muted">
            {when}
          </time>
        </span>
      </button>
      {!n.is_read && (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          aria-label={t('bell.markReadOf', { title: n.title })}
          title={t('bell.markRead')}
          className="m-1.5 grid h-9 w-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
