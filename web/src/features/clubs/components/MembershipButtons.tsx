import { LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { joinClub, leaveClub } from '../api/club-actions';
import type { ClubDetail } from '../api/get-club';
import { ConfirmDialog } from '@/components/ConfirmDialog';

interface Props {
  club: Pick<ClubDetail, 'id' | 'name' | 'can_join' | 'can_leave' | 'leave_refusal'>;
  signedIn: boolean;
  onLogin: () => void;
  onChanged: () => void;
}

/**
 * Join, Leave (confirmed first) or a sign-in prompt for visitors, as the server's can_join and
 * can_leave flags say; when a member may not leave, the server's reason shows instead (the last
 * administrator must appoint another first). Failures show the server's message.
 */
export function MembershipButtons({ club, signedIn, onLogin, onChanged }: Props) {
  const { t } = useTranslation(['clubs', 'errors']);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!signedIn) {
    if (!club.can_join) return null;
    return (
      <Button variant="outline" onClick={onLogin}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('membership.loginToJoin')}
      </Button>
    );
  }

  async function join() {
    setBusy(true);
    try {
      await joinClub(club.id);
      toast.success(t('membership.joined', { name: club.name }));
      onChanged();
    } catch (error) {
      console.error('Error joining club', error);
      toast.error(t('membership.joinError'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    try {
      await leaveClub(club.id);
      toast.success(t('membership.left', { name: club.name }));
      onChanged();
    } catch (error) {
      console.error('Error leaving club', error);
      toast.error(t('membership.leaveError'), error instanceof ApiError ? error.message : undefined);
      throw error;
    }
  }

  if (club.can_join) {
    return (
      <Button onClick={() => void join()} disabled={busy}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('membership.join')}
      </Button>
    );
  }
  if (!club.can_leave) {
    if (!club.leave_refusal) return null;
    return (
      <p role="note" className="max-w-xs text-sm text-muted sm:text-right">
        {t(club.leave_refusal, { ns: 'errors' })}
      </p>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('membership.leave')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('membership.leaveTitle')}
        description={t('membership.leaveConfirm', { name: club.name })}
        confirmLabel={t('membership.leave')}
        onConfirm={leave}
      />
    </>
  );
}
