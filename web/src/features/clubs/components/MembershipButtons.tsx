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
  club: Pick<ClubDetail, 'id' | 'name' | 'status' | 'my_role'>;
  signedIn: boolean;
  onLogin: () => void;
  onChanged: () => void;
}

/**
 * Join (not a member of a validated club), Leave (a member or administrator, confirmed first),
 * or a sign-in prompt for visitors. Failures show the server's message.
 */
export function MembershipButtons({ club, signedIn, onLogin, onChanged }: Props) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!signedIn) {
    if (club.status !== 'validated') return null;
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

  if (club.my_role === '') {
    if (club.status !== 'validated') return null;
    return (
      <Button onClick={() => void join()} disabled={busy}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('membership.join')}
      </Button>
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
