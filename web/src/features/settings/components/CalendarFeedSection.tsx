import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { showToast } from '@/lib/toast';
import { calendarFeedKey, calendarFeedQuery, revokeCalendarFeed, rotateCalendarFeed } from '../api/calendar-feed';

/**
 * The private calendar feed (issue 15): create or replace its secret URL (shown once: the server
 * keeps only a hash), copy it, revoke it. Texts in the calendar namespace.
 */
export function CalendarFeedSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('calendar');
  const client = useQueryClient();
  const query = useQuery(calendarFeedQuery(userId));
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  async function rotate() {
    setBusy(true);
    try {
      const feed = await rotateCalendarFeed();
      setUrl(feed.url ?? '');
      client.setQueryData(calendarFeedKey(userId), { ...feed, url: undefined });
    } catch (err) {
      showToast({ variant: 'error', title: t('feed.heading'), description: (err as Error).message || t('feed.failed') });
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    try {
      await revokeCalendarFeed();
      setUrl('');
      client.setQueryData(calendarFeedKey(userId), { active: false });
      showToast({ variant: 'success', title: t('feed.heading'), description: t('feed.revoked') });
    } catch (err) {
      showToast({ variant: 'error', title: t('feed.heading'), description: (err as Error).message || t('feed.failed') });
      throw err;
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ variant: 'success', title: t('feed.heading'), description: t('feed.copied') });
    } catch {
      showToast({ variant: 'error', title: t('feed.heading'), description: t('feed.failed') });
    }
  }

  return (
    <SectionCard icon={CalendarDays} title={t('feed.heading')} intro={t('feed.intro')} id="calendar-feed">
      {query.isPending ? (
        <div role="status" aria-label={t('feed.loading')}>
          <Spinner />
        </div>
      ) : query.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-sm text-danger">{t('feed.loadFailed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('feed.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t('feed.private')}</p>
          <p role="status" className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg" data-testid="calendar-feed-state">
            {query.data.active && query.data.created_at
              ? t('feed.active', { date: new Date(query.data.created_at).toLocaleDateString(i18n.language, { dateStyle: 'long' }) })
              : t('feed.none')}
          </p>
          {url && (
            <div className="space-y-2">
              <p className="text-sm font-medium text-fg">{t('feed.created')}</p>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="min-w-0 flex-1">
                  <TextField label={t('feed.urlLabel')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
                </div>
                <Button variant="outline" onClick={() => void copy()}>
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  {t('feed.copy')}
                </Button>
              </div>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void rotate()} disabled={busy}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {query.data.active ? t('feed.rotate') : t('feed.create')}
            </Button>
            {query.data.active && (
              <Button variant="outline" className="border-danger text-danger" onClick={() => setConfirmRevoke(true)} disabled={busy}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('feed.revoke')}
              </Button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title={t('feed.revoke')}
        description={t('feed.revokeConfirm')}
        confirmLabel={t('feed.revoke')}
        onConfirm={revoke}
      />
    </SectionCard>
  );
}
