import { Ban, CalendarCheck, ClipboardCheck, ClipboardPen, Gavel, ThumbsDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { useSession } from '@/lib/SessionProvider';
import { cancelMatch } from '../api/cancel-match';
import { confirmMatchTime } from '../api/confirm-match-time';
import { confirmResult } from '../api/confirm-result';
import { disputeResult } from '../api/dispute-result';
import type { Match } from '../api/list-matches';
import { useRefreshChallenges } from '../api/refresh';
import { errorMessage } from '../lib/errors';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ConfirmTimeDialog } from './ConfirmTimeDialog';
import { ReportResultDialog } from './ReportResultDialog';
import { ResultSummary } from './ResultSummary';
import { ValidateResultDialog } from './ValidateResultDialog';

type Open = 'time' | 'report' | 'confirm' | 'dispute' | 'validate' | 'cancel' | null;
interface Call {
  (): Promise<unknown>;
}

/** What the viewer may do with a match, from the permissions the server computed (can_*). */
export function MatchActions({ match: m }: { match: Match }) {
  const { t } = useTranslation('challenges');
  const toast = useToast();
  const { user } = useSession();
  const refresh = useRefreshChallenges();
  const [open, setOpen] = useState<Open>(null);
  const close = (o: boolean) => !o && setOpen(null);
  const meId = user?.id ?? 0;
  const isPlayer = m.player1.id === meId || m.player2.id === meId;
  const opponent = m.player1.id === meId ? m.player2 : m.player1;
  const proposing = m.state === 'time_proposed';

  async function run(call: Call, success: string, failure: string) {
    try {
      await call();
      toast.success(success);
    } catch (error) {
      toast.error(failure, errorMessage(error));
      throw error;
    } finally {
      void refresh();
    }
  }

  const any = m.can_confirm_time || m.can_report || m.can_confirm || m.can_dispute || m.can_validate || m.can_cancel;
  if (!any) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {m.can_validate && (
        <Button size="sm" onClick={() => setOpen('validate')}>
          <Gavel className="h-4 w-4" aria-hidden="true" />
          {t('actions.validate')}
        </Button>
      )}
      {m.can_confirm && (
        <Button size="sm" onClick={() => setOpen('confirm')}>
          <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
          {t('actions.confirmResult')}
        </Button>
      )}
      {m.can_dispute && (
        <Button size="sm" variant="outline" onClick={() => setOpen('dispute')}>
          <ThumbsDown className="h-4 w-4" aria-hidden="true" />
          {t('actions.dispute')}
        </Button>
      )}
      {m.can_confirm_time && (
        <Button size="sm" variant={proposing ? 'primary' : 'outline'} onClick={() => setOpen('time')}>
          <CalendarCheck className="h-4 w-4" aria-hidden="true" />
          {t(proposing ? 'actions.confirmTime' : 'actions.changeTime')}
        </Button>
      )}
      {m.can_report && (
        <Button size="sm" variant={proposing ? 'outline' : 'primary'} onClick={() => setOpen('report')}>
          <ClipboardPen className="h-4 w-4" aria-hidden="true" />
          {t('actions.report')}
        </Button>
      )}
      {m.can_cancel && (
        <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')}>
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t('actions.cancelMatch')}
        </Button>
      )}

      {open === 'time' && (
        <ConfirmTimeDialog
          open
          onOpenChange={close}
          title={t(proposing ? 'confirmTime.title' : 'confirmTime.changeTitle')}
          description={t('confirmTime.description', { name: opponent.display_name, tournament: m.tournament.name })}
          times={proposing ? m.proposed_times : []}
          initial={proposing ? undefined : { time: m.scheduled_at, location: m.location, court: m.court, surface: m.surface }}
          submitLabel={t('confirmTime.submit')}
          errorTitle={t('confirmTime.failed')}
          onSubmit={async (value) => {
            // The dialog shows failures (per field and as a toast).
            await confirmMatchTime(m.id, value).finally(() => void refresh());
            toast.success(t('confirmTime.success'));
          }}
        />
      )}
      {open === 'report' && <ReportResultDialog match={m} meId={meId} onOpenChange={close} onDone={() => void refresh()} />}
      {open === 'validate' && <ValidateResultDialog match={m} onOpenChange={close} onDone={() => void refresh(true)} />}
      <ConfirmDialog
        open={open === 'confirm'}
        onOpenChange={close}
        title={t('answer.confirmTitle')}
        description={t('answer.confirmDescription')}
        confirmLabel={t('answer.confirmSubmit')}
        onConfirm={() => run(() => confirmResult(m.id), t('answer.confirmed'), t('answer.failed'))}
      >
        <ResultSummary match={m} />
        <p className="mt-3 text-sm text-muted">{t('answer.confirmNext')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'dispute'}
        onOpenChange={close}
        title={t('answer.disputeTitle')}
        description={t('answer.disputeDescription')}
        confirmLabel={t('answer.disputeSubmit')}
        withReason
        reasonLabel={t('answer.reason')}
        reasonHint={t('answer.reasonHint')}
        onConfirm={(reason) => run(() => disputeResult(m.id, reason), t('answer.disputed'), t('answer.failed'))}
      >
        <div className="mb-4">
          <ResultSummary match={m} />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title={t('cancelMatch.title')}
        description={
          isPlayer
            ? t('cancelMatch.description', { name: opponent.display_name })
            : t('cancelMatch.descriptionStaff', { a: m.player1.display_name, b: m.player2.display_name })
        }
        confirmLabel={t('cancelMatch.submit')}
        onConfirm={() => run(() => cancelMatch(m.id), t('cancelMatch.success'), t('cancelMatch.failed'))}
      />
    </div>
  );
}
