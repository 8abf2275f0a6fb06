import { Check, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { acceptChallenge } from '../api/accept-challenge';
import { cancelChallenge } from '../api/cancel-challenge';
import { confirmMatchTime } from '../api/confirm-match-time';
import type { Challenge } from '../api/list-challenges';
import { useRefreshChallenges } from '../api/refresh';
import { rejectChallenge } from '../api/reject-challenge';
import { errorMessage } from '../lib/errors';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ConfirmTimeDialog, type TimeAndPlace } from './ConfirmTimeDialog';

type Open = 'accept' | 'reject' | 'cancel' | null;
interface Call {
  (): Promise<unknown>;
}

/** Accept (choosing a time), reject or withdraw a pending challenge; each asks first (SPEC §4). */
export function ChallengeActions({ challenge: c }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const toast = useToast();
  const refresh = useRefreshChallenges();
  const [open, setOpen] = useState<Open>(null);
  const opponent = c.direction === 'sent' ? c.challenged : c.challenger;
  const close = (o: boolean) => !o && setOpen(null);

  async function accept(value: TimeAndPlace) {
    const match = await acceptChallenge(c.id, value.time);
    // Accepting takes only the time (API): a place given in the same dialog follows as the match's time and place.
    if (value.location || value.court || value.surface) {
      await confirmMatchTime(match.id, value).catch((error: unknown) => toast.warning(t('accept.placeFailed'), errorMessage(error)));
    }
    toast.success(t('accept.success'));
    void refresh();
  }

  async function run(call: Call, success: string, failure: string) {
    try {
      await call();
      toast.success(success);
      void refresh();
    } catch (error) {
      toast.error(failure, errorMessage(error));
      void refresh();
      throw error;
    }
  }

  // What the viewer may do is the server's answer (can_*); the page only reads it.
  if (!c.can_accept && !c.can_reject && !c.can_cancel) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {c.can_accept && (
        <Button size="sm" onClick={() => setOpen('accept')}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('actions.accept')}
        </Button>
      )}
      {c.can_reject && (
        <Button size="sm" variant="outline" onClick={() => setOpen('reject')}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('actions.reject')}
        </Button>
      )}
      {c.can_cancel && (
        <Button size="sm" variant="outline" onClick={() => setOpen('cancel')}>
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          {t('actions.withdraw')}
        </Button>
      )}
      {open === 'accept' && (
        <ConfirmTimeDialog
          open
          onOpenChange={close}
          title={t('accept.title')}
          description={t('accept.description', { name: opponent.display_name, tournament: c.tournament.name })}
          times={c.proposed_times}
          submitLabel={t('accept.submit')}
          errorTitle={t('accept.failed')}
          onSubmit={(value) => accept(value).catch((error: unknown) => {
            // Someone else may have answered first: show the list as it is now.
            void refresh();
            throw error;
          })}
        />
      )}
      <ConfirmDialog
        open={open === 'reject'}
        onOpenChange={close}
        title={t('reject.title')}
        description={t('reject.description', { name: opponent.display_name })}
        confirmLabel={t('reject.submit')}
        onConfirm={() => run(() => rejectChallenge(c.id), t('reject.success'), t('reject.failed'))}
      />
      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title={t('withdraw.title')}
        description={t('withdraw.description', { name: opponent.display_name })}
        confirmLabel={t('withdraw.submit')}
        onConfirm={() => run(() => cancelChallenge(c.id), t('withdraw.success'), t('withdraw.failed'))}
      />
    </div>
  );
}
