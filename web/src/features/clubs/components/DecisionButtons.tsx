import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { rejectClub, validateClub } from '../api/club-actions';
import { clubsKey } from '../api/list-clubs';
import { ConfirmDialog } from '@/components/ConfirmDialog';

/**
 * A super admin's Validate / Reject of a pending club, each confirmed first. When someone else
 * decided first (409 club.already_decided) the server's message shows and the data refreshes.
 */
export function DecisionButtons({ club }: { club: { id: number; name: string } }) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'validate' | 'reject' | null>(null);

  async function run(kind: 'validate' | 'reject', reason: string) {
    try {
      if (kind === 'validate') await validateClub(club.id);
      else await rejectClub(club.id, reason);
      toast.success(t(`${kind}.done`, { name: club.name }));
    } catch (error) {
      console.error(`Error: ${kind} club`, error);
      toast.error(t(`${kind}.error`), error instanceof ApiError ? error.message : undefined);
      if (!(error instanceof ApiError && error.code === 'club.already_decided')) throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: clubsKey });
    }
  }

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setOpen('validate')}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('validate.action')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen('reject')}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('reject.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={open === 'validate'}
        onOpenChange={(o) => setOpen(o ? 'validate' : null)}
        title={t('validate.title')}
        description={t('validate.confirm', { name: club.name })}
        confirmLabel={t('validate.action')}
        onConfirm={(r) => run('validate', r)}
      />
      <ConfirmDialog
        open={open === 'reject'}
        onOpenChange={(o) => setOpen(o ? 'reject' : null)}
        title={t('reject.title')}
        description={t('reject.confirm', { name: club.name })}
        confirmLabel={t('reject.action')}
        withReason
        reasonHint={t('reject.reasonHint')}
        onConfirm={(r) => run('reject', r)}
      />
    </>
  );
}
