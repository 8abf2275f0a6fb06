import { useQuery } from '@tanstack/react-query';
import { Bell, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/SessionProvider';
import { bellQuery } from '../api/bell';
import type { Notification } from '../api/recent-notifications';
import { useNotificationActions } from '../api/use-notification-actions';
import { NotificationItem } from './NotificationItem';

/** Spec §2/§9: the unread count exactly up to 9, then '9+'. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

/** An in-app path (never another site): what action_url may send the browser to. */
export function isInAppPath(url: string | undefined): url is string {
  return !!url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * The header's notification bell (spec §2 "Notification bell", §7, §8, §9):
 * - the button opens and closes a panel with a close button; Escape or a click outside closes it
 *   and Escape gives focus back to the button;
 * - the list (5 most recent) and the unread count are fetched on opening and every 30 s;
 * - clicking a notification marks it read and, with an action_url, goes there and closes the
 *   panel; unread items also have 'mark as read'; 'view all' shows once something is loaded.
 * Loaded with the signed-in shell.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...bellQuery(user?.id ?? 0, language), enabled: !!user });
  const { markRead } = useNotificationActions();
  const navigate = useNavigate();
  const location = useLocation();
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const items = query.data?.items ?? [];
  const unread = query.data?.unread ?? 0;
  const badge = badgeText(unread);

  // A navigation closes the panel.
  useEffect(() => setOpen(false), [location.pathname]);

  // Focus and listeners before the open panel is painted (a layout effect), so a key pressed at once reaches them.
  useLayoutEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  function toggle() {
    if (!open) void query.refetch(); // spec §7: polled on opening
    setOpen(!open);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  async function openNotification(n: Notification) {
    await markRead(n);
    if (isInAppPath(n.action_url)) {
      setOpen(false);
      void navigate(n.action_url);
    }
  }

  if (!user) return null;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  const now = Date.now();

  return (
    <div ref={rootRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        title={t('bell.label')}
        className="relative grid h-10 w-10 max-sm:w-9 cursor-pointer place-items-center rounded-lg text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {badge && (
          <span
            data-testid="bell-badge"
            aria-hidden="true"
            className="absolute right-0.5 top-0.5 grid h-[1.15rem] min-w-[1.15rem] place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-surface"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          tabIndex={-1}
          className={cn(
            'absolute inset-x-2 top-full z-50 mt-1 flex max-h-[min(34rem,calc(100dvh-5rem))] flex-col overflow-hidden rounded-xl border border-border bg-surface text-fg shadow-xl outline-none animate-fade-in',
            'sm:inset-x-auto sm:right-0 sm:mt-1.5 sm:w-96',
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-border py-2 pl-4 pr-2">
            <h2 id={headingId} className="text-base font-semibold">
              {t('bell.title')}
              {unread > 0 && <span className="ml-2 text-sm font-normal text-muted">{t('bell.unreadCount', { count: unread })}</span>}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t('bell.close')}
              className="grid h-9 w-9 cursor-pointer place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {query.isPending ? (
              <Spinner className="py-8" />
            ) : items.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-muted">{t('bell.empty')}</p>
            ) : (
              <ul aria-label={t('bell.listLabel')} className="space-y-1">
                {items.map((n) => (
                  <NotificationItem key={n.id} notification={n} now={now} compact onOpen={openNotification} onMarkRead={(x) => void markRead(x)} />
                ))}
              </ul>
            )}
          </div>
          {items.length > 0 && (
            <div className="border-t border-border p-1.5">
              <Link
                to="/notifications"
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-2.5 text-center text-sm font-semibold text-brand hover:bg-surface-2"
              >
                {t('bell.viewAll')}
              </Link>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
