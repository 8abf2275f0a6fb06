import { Hourglass, LogIn, LogOut, Send, UserPlus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { TournamentDetail } from '../api/get-tournament';
import { joinTournament, leaveTournament } from '../api/tournament-actions';
import { useTournamentAction } from '../api/use-tournament-action';
import { LazyConfirmDialog } from '@/components/LazyConfirmDialog';

/** An action whose failure run() has already toasted. */
interface Action {
  (): Promise<unknown>;
}

interface Props {
  tournament: Pick<TournamentDetail, 'id' | 'name' | 'status' | 'join_mode' | 'my_status'>;
  signedIn: boolean;
  onLogin: () => void;
}

/**
 * The caller's own place in the tournament: a sign-in prompt for visitors; Join (public, or
 * admins) or Request to join (private); 'Request pending' with a withdraw button; Leave
 * (confirmed) for participants. The server decides which applies (join_mode, my_status).
 */
export function JoinButtons({ tournament, signedIn, onLogin }: Props) {
  const { t } = useTranslation('tournament');
  const run = useTournamentAction();
  const [busy, setBusy] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const { id, name } = tournament;

  if (!signedIn) {
    if (tournament.status !== 'active') return null;
    return (
      <Button onClick={onLogin}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('join.loginToJoin')}
      </Button>
    );
  }

  async function act(call: Action) {
    setBusy(true);
    try {
      await call();
    } catch {
      // toasted by run()
    } finally {
      setBusy(false);
    }
  }

  // A private tournament answers 'requested': SPEC §8's 'Request sent successfully! …'.
  const join = () =>
    act(() =>
      run(() => joinTournament(id), {
        success: (status) => (status === 'requested' ? t('join.requested') : t('join.joined', { name })),
        error: t('join.error'),
      }),
    );

  if (tournament.join_mode === 'join' || tournament.join_mode === 'request') {
    const direct = tournament.join_mode === 'join';
    const Icon = direct ? UserPlus : Send;
    return (
      <Button onClick={() => void join()} disabled={busy}>
        <Icon className="h-4 w-4" aria-hidden="true" />
        {direct ? t('join.join') : t('join.request')}
      </Button>
    );
  }

  if (tournament.my_status === 'requested') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex h-10 items-center gap-2 rounded-lg bg-blue-100 px-3 text-sm font-semibold text-blue-900 dark:bg-blue-400/15 dark:text-blue-200">
          <Hourglass className="h-4 w-4" aria-hidden="true" />
          {t('join.pending')}
        </span>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void act(() => run(() => leaveTournament(id), { success: t('join.withdrawn'), error: t('join.withdrawError') }))}
        >
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          {t('join.withdraw')}
        </Button>
      </div>
    );
  }

  if (tournament.my_status === '') return null;
  return (
    <>
      <Button variant="outline" onClick={() => setConfirmLeave(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('join.leave')}
      </Button>
      <LazyConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title={t('join.leaveTitle')}
        description={t('join.leaveConfirm', { name })}
        confirmLabel={t('join.leave')}
        onConfirm={() => run(() => leaveTournament(id), { success: t('join.left', { name }), error: t('join.leaveError') })}
      />
    </>
  );
}
