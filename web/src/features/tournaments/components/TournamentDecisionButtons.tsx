import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ApiError } from '@/lib/api';
import { approveTournament, rejectTournament } from '../api/decide-tournament';
import { tournamentsKey } from '../api/list-tournaments';

type Decision = 'approve' | 'reject';

/**
 * A super admin's Approve / Reject of a pending tournament, each confirmed first. A failure shows
 * 'Error approving/rejecting club or tournament' (SPEC §8) with the server's message; when someone
 * else decided first (409 tournament.already_decided) the dialog closes and the lists refresh.
 */
export function TournamentDecisionButtons({ tournament }: { tournament: { id: number; name: string } }) {
  const { t } = useTranslation('tournaments');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Decision | null>(null);

  async function run(kind: Decision, reason: string) {
    try {
      if (kind === 'approve') await approveTournament(tournament.id);
      else await rejectTournament(tournament.id, reason);
      toast.success(t(`${kind}.done`, { name: tournament.name }));
    } catch (error) {
      console.error(`Error: ${kind} tournament`, error);
      toast.error(t('decisionError'), error instanceof ApiError ? error.message : undefined);
      if (!(error instanceof ApiError && error.code === 'tournament.already_decided')) throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: tournamentsKey });
      void queryClient.invalidateQueries({ queryKey: ['tournament', tournament.id] });
    }
  }

  const dialog = (kind: Decision) => ({
    open: open === kind,
    onOpenChange: (o: boolean) => setOpen(o ? kind : null),
    title: t(`${kind}.title`),
    description: t(`${kind}.confirm`, { name: tournament.name }),
    confirmLabel: t(`${kind}.action`),
    onConfirm: (reason: string) => run(kind, reason),
  });

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setOpen('approve')}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('approve.action')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen('reject')}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('reject.action')}
        </Button>
      </div>
      <ConfirmDialog {...dialog('approve')} />
      <ConfirmDialog {...dialog('reject')} withReason reasonHint={t('reject.reasonHint')} />
    </>
  );
}
