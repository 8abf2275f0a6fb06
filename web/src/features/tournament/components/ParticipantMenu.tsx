import { MoreVertical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Menu, MenuItem, MenuSeparator } from '@/components/ui/Menu';
import { ApiError } from '@/lib/api';
import type { TournamentDetail } from '../api/get-tournament';
import { demoteReferee, promoteReferee, removePlayer, setPlayerStatus, type PlayerStatus } from '../api/tournament-actions';
import type { Participant } from '../api/tournament-data';
import { useTournamentAction } from '../api/use-tournament-action';
import { LazyConfirmDialog } from '@/components/LazyConfirmDialog';

type Ask = { kind: 'remove' } | { kind: 'replace'; question: string } | null;

/**
 * The per-participant menu of managers and referees: pause, suspend, reactivate, remove
 * (confirmed), and for managers promote to referee (asking to replace the current one when the
 * server answers 409 tournament.referee_exists) or demote the referee.
 */
export function ParticipantMenu({ tournament, participant: p }: { tournament: TournamentDetail; participant: Participant }) {
  const { t } = useTranslation('tournament');
  const run = useTournamentAction();
  const [ask, setAsk] = useState<Ask>(null);
  // What the viewer may do to this participant is the server's answer (can_* per row).
  const can = {
    pause: p.can_pause,
    suspend: p.can_suspend,
    reactivate: p.can_reactivate,
    remove: p.can_remove,
    promote: p.can_promote,
    demote: p.can_demote,
  };
  const name = p.player.display_name;
  const user = p.player.id;
  const id = tournament.id;
  if (!Object.values(can).some(Boolean)) return null;

  const status = (s: PlayerStatus) =>
    run(() => setPlayerStatus(id, user, s), { success: t(`participants.statusChanged.${s}`, { name }), error: t('participants.statusError') }).catch(() => {});
  const promote = (replace: boolean) =>
    run(() => promoteReferee(id, user, replace), {
      success: t('participants.promoted', { name }),
      error: t('participants.promoteError'),
      handled: (e) => !replace && e instanceof ApiError && e.code === 'tournament.referee_exists',
    });
  const askPromote = () =>
    promote(false).catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 'tournament.referee_exists') setAsk({ kind: 'replace', question: e.message });
    });

  return (
    <>
      <Menu
        label={t('participants.menu', { name })}
        trigger={(props) => (
          <Button variant="ghost" size="icon" aria-label={t('participants.menu', { name })} {...props}>
            <MoreVertical className="h-5 w-5" aria-hidden="true" />
          </Button>
        )}
        panelClassName="w-56"
      >
        {can.pause && <MenuItem onSelect={() => void status('paused')}>{t('participants.pause')}</MenuItem>}
        {can.suspend && <MenuItem onSelect={() => void status('suspended')}>{t('participants.suspend')}</MenuItem>}
        {can.reactivate && <MenuItem onSelect={() => void status('active')}>{t('participants.reactivate')}</MenuItem>}
        {(can.promote || can.demote) && <MenuSeparator />}
        {can.promote && <MenuItem onSelect={() => void askPromote()}>{t('participants.promote')}</MenuItem>}
        {can.demote && (
          <MenuItem
            onSelect={() =>
              void run(() => demoteReferee(id, user), { success: t('participants.demoted', { name }), error: t('participants.demoteError') }).catch(() => {})
            }
          >
            {t('participants.demote')}
          </MenuItem>
        )}
        {can.remove && <MenuSeparator />}
        {can.remove && (
          <MenuItem onSelect={() => setAsk({ kind: 'remove' })} className="text-danger">
            {t('participants.remove')}
          </MenuItem>
        )}
      </Menu>
      <LazyConfirmDialog
        open={ask?.kind === 'remove'}
        onOpenChange={(o) => !o && setAsk(null)}
        title={t('participants.removeTitle', { name })}
        description={t('participants.removeConfirm')}
        confirmLabel={t('participants.remove')}
        onConfirm={() => run(() => removePlayer(id, user), { success: t('participants.removed', { name }), error: t('participants.removeError') })}
      />
      <LazyConfirmDialog
        open={ask?.kind === 'replace'}
        onOpenChange={(o) => !o && setAsk(null)}
        title={t('participants.replaceTitle')}
        description={ask?.kind === 'replace' ? ask.question : ''}
        confirmLabel={t('participants.replace')}
        onConfirm={() => promote(true)}
      />
    </>
  );
}
