import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { showToast } from '@/lib/toast';
import { ownDeletionKey, ownDeletionQuery, requestOwnDeletion } from '../api/own-deletion';

/**
 * GDPR: the person asks for the deletion of their own account (the same request a super admin
 * makes; the main super admin decides). Confirmed first; the reason is optional.
 */
export function DeleteAccountSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('settings');
  const client = useQueryClient();
  const query = useQuery(ownDeletionQuery(userId));
  const [open, setOpen] = useState(false);
  async function send(reason: string) {
    try {
      await requestOwnDeletion(reason);
      showToast({ variant: 'success', title: t('deletion.title'), description: t('deletion.sent') });
      await client.invalidateQueries({ queryKey: ownDeletionKey(userId) });
    } catch (err) {
      showToast({ variant: 'error', title: t('deletion.title'), description: (err as Error).message });
      throw err;
    }
  }
  return (
    <SectionCard icon={UserX} title={t('deletion.title')} intro={t('deletion.intro')} id="delete-account">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('deletion.loadFailed')}
        </p>
      ) : query.data.pending && query.data.requested_at ? (
        <p role="status" className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
          {t('deletion.pending', { date: new Date(query.data.requested_at).toLocaleDateString(i18n.language, { dateStyle: 'long' }) })}
        </p>
      ) : (
        <Button variant="outline" className="border-danger text-danger" onClick={() => setOpen(true)}>
          {t('deletion.button')}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('deletion.confirmTitle')}
        description={t('deletion.confirmDescription')}
        confirmLabel={t('deletion.confirm')}
        withReason
        reasonLabel={t('deletion.reason')}
        onConfirm={send}
      />
    </SectionCard>
  );
}
