import { Check, ChevronDown, Lock, Pencil, Settings2, Shuffle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Menu, MenuItem } from '@/components/ui/Menu';
import type { TournamentDetail } from '../api/get-tournament';
import { approveTournament, closeTournament, rejectTournament, shuffleRanking } from '../api/tournament-actions';
import { useTournamentAction } from '../api/use-tournament-action';
import { LazyConfirmDialog } from '@/components/LazyConfirmDialog';

type Pending = 'shuffle' | 'close' | null;

/**
 * The 'Manage' menu of the creator and super admins: edit, shuffle the ranking and close the
 * tournament (the last two only while it is active, each confirmed first).
 */
export function ManageMenu({ tournament, onEdit }: { tournament: Pick<TournamentDetail, 'id' | 'name' | 'can_shuffle' | 'can_close'>; onEdit?: () => void }) {
  const { t } = useTranslation('tournament');
  const run = useTournamentAction();
  const [pending, setPending] = useState<Pending>(null);
  const { id, name } = tournament;
  // The server's answers (can_edit, can_shuffle, can_close): the menu only reads them.
  if (!tournament.can_shuffle && !tournament.can_close && !onEdit) return null;
  return (
    <>
      <Menu
        label={t('manage.menuLabel')}
        trigger={(props, open) => (
          <Button variant="outline" {...props}>
            <Settings2 className="h-4 w-4" aria-hidden="true" />
            {t('manage.menu')}
            <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </Button>
        )}
        panelClassName="w-60"
      >
        {onEdit && (
          <MenuItem onSelect={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t('manage.edit')}
          </MenuItem>
        )}
        {tournament.can_shuffle && (
          <MenuItem onSelect={() => setPending('shuffle')}>
            <Shuffle className="h-4 w-4" aria-hidden="true" />
            {t('manage.shuffle')}
          </MenuItem>
        )}
        {tournament.can_close && (
          <MenuItem onSelect={() => setPending('close')}>
            <Lock className="h-4 w-4" aria-hidden="true" />
            {t('manage.close')}
          </MenuItem>
        )}
      </Menu>
      <LazyConfirmDialog
        open={pending === 'shuffle'}
        onOpenChange={(o) => setPending(o ? 'shuffle' : null)}
        title={t('manage.shuffleTitle')}
        description={t('manage.shuffleConfirm')}
        confirmLabel={t('manage.shuffle')}
        onConfirm={() => run(() => shuffleRanking(id), { success: t('manage.shuffled'), error: t('manage.shuffleError') })}
      />
      <LazyConfirmDialog
        open={pending === 'close'}
        onOpenChange={(o) => setPending(o ? 'close' : null)}
        title={t('manage.closeTitle')}
        description={t('manage.closeConfirm', { name })}
        confirmLabel={t('manage.close')}
        onConfirm={() => run(() => closeTournament(id), { success: t('manage.closed', { name }), error: t('manage.closeError') })}
      />
    </>
  );
}

/** A super admin's Approve / Reject of a pending tournament, each confirmed first. */
export function DecisionButtons({ tournament }: { tournament: Pick<TournamentDetail, 'id' | 'name'> }) {
  const { t } = useTranslation('tournament');
  const run = useTournamentAction();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const { id, name } = tournament;
  return (
    <>
      <Button onClick={() => setOpen('approve')}>
        <Check className="h-4 w-4" aria-hidden="true" />
        {t('decide.approve')}
      </Button>
      <Button variant="outline" onClick={() => setOpen('reject')}>
        <X className="h-4 w-4" aria-hidden="true" />
        {t('decide.reject')}
      </Button>
      <LazyConfirmDialog
        open={open === 'approve'}
        onOpenChange={(o) => setOpen(o ? 'approve' : null)}
        title={t('decide.approveTitle')}
        description={t('decide.approveConfirm', { name })}
        confirmLabel={t('decide.approve')}
        onConfirm={() => run(() => approveTournament(id), { success: t('decide.approved', { name }), error: t('decide.approveError') })}
      />
      <LazyConfirmDialog
        open={open === 'reject'}
        onOpenChange={(o) => setOpen(o ? 'reject' : null)}
        title={t('decide.rejectTitle')}
        description={t('decide.rejectConfirm', { name })}
        confirmLabel={t('decide.reject')}
        withReason
        reasonHint={t('decide.reasonHint')}
        onConfirm={(reason) => run(() => rejectTournament(id, reason), { success: t('decide.rejected', { name }), error: t('decide.rejectError') })}
      />
    </>
  );
}
