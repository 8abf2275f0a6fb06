import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs } from '@/components/ui/Tabs';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { useSession } from '@/lib/SessionProvider';
import { notificationsListQuery } from '../api/list-notifications';
import type { Notification } from '../api/recent-notifications';
import { useNotificationActions } from '../api/use-notification-actions';
import { isInAppPath } from '../components/NotificationBell';
import { NotificationItem } from '../components/NotificationItem';

type Tab = 'all' | 'pending';

/**
 * Results to validate or confirm belong to the challenges feature (its list, cards and the
 * referee's validation dialog); loaded with its texts only when the tab is opened — the match cards'
 * chat and calendar buttons' texts too, or they would suspend the tab again once the list arrives.
 */
const PendingValidations = lazy(async () => {
  const [mod] = await Promise.all([import('@/features/challenges/components/PendingValidations'), loadNamespaces(['challenges', 'calendar', 'messages'])]);
  return { default: mod.PendingValidations };
});

function EmptyState({ icon: Icon, title, body }: { icon: typeof BellOff; title: string; body: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <span className="mb-4 grid h-14 w-14 place-items-center rounded-2xl bg-surface-2 text-muted" aria-hidden="true">
        <Icon className="h-7 w-7" />
      </span>
      <p className="text-lg font-semibold text-fg">{title}</p>
      <p className="mt-1 max-w-md text-sm text-muted">{body}</p>
    </div>
  );
}

function AllNotifications() {
  const { t, i18n } = useTranslation('inbox');
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useInfiniteQuery(notificationsListQuery(user?.id ?? 0, language));
  const { markRead, markAllRead } = useNotificationActions();
  const [marking, setMarking] = useState(false);

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages.at(-1)?.unread ?? 0;

  async function open(n: Notification) {
    await markRead(n);
    if (isInAppPath(n.action_url)) void navigate(n.action_url);
  }

  async function markAll() {
    setMarking(true);
    try {
      await markAllRead();
      toast.success(t('markedAll'));
    } catch (error) {
      console.error('Error marking all notifications as read', error);
      toast.error(t('markAllFailed'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setMarking(false);
    }
  }

  if (query.isPending) return <Spinner className="py-16" />;
  if (query.isError) return <LoadFailed title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState icon={BellOff} title={t('empty.title')} body={t('empty.body')} />;

  const now = Date.now();
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="unread-summary">
          {unread > 0 ? t('unread', { count: unread }) : t('allRead')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void markAll()} disabled={marking || unread === 0}>
          <CheckCheck className="h-4 w-4" aria-hidden="true" />
          {marking ? t('markingAll') : t('markAll')}
        </Button>
      </div>
      <ul aria-label={t('listLabel')} className="space-y-1.5 rounded-2xl border border-border bg-surface p-1.5">
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} now={now} onOpen={(x) => void open(x)} onMarkRead={(x) => void markRead(x)} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** /notifications (spec §2): tabs Notifications (all, paginated) and Pending Validations. */
export default function NotificationsPage() {
  const { t } = useTranslation('inbox');
  const { t: tc } = useTranslation();
  // ?tab=pending opens Pending Validations directly (a link from elsewhere).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'pending' ? 'pending' : 'all');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageTitle title={tc('pages.notifications')} />
      <p className="mt-2 text-muted">{t('intro')}</p>
      <Tabs<Tab>
        className="mt-8"
        label={t('tabsLabel')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { id: 'all', label: t('tabs.all'), content: <AllNotifications /> },
          {
            id: 'pending',
            label: t('tabs.pending'),
            content: (
              <Suspense fallback={<Spinner className="py-16" />}>
                <PendingValidations />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
