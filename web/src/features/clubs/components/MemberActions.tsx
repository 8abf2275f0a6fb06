import { MoreVertical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { Menu, MenuItem, MenuSeparator } from '@/components/ui/Menu';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { removeMember, setMemberRole } from '../api/club-actions';
import type { ClubMember } from '../api/get-club';

type Action = 'makeAdmin' | 'removeAdmin' | 'remove';

/**
 * The menu on one member row: appoint as administrator, return to member, remove from the club.
 * It shows only what the server's can_* flags allow; each action is confirmed first and its
 * outcome toasted (a refusal shows the server's translated reason).
 */
export function MemberActions({ clubId, member: m, onChanged }: { clubId: number; member: ClubMember; onChanged: () => void }) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const [ask, setAsk] = useState<Action | null>(null);
  const name = m.display_name;
  const allowed: Record<Action, boolean> = { makeAdmin: m.can_make_admin, removeAdmin: m.can_remove_admin, remove: m.can_remove };
  if (!Object.values(allowed).some(Boolean)) return null;

  async function run(action: Action) {
    try {
      if (action === 'remove') await removeMember(clubId, m.user_id);
      else await setMemberRole(clubId, m.user_id, action === 'makeAdmin' ? 'administrator' : 'member');
      toast.success(t(`memberActions.${action}.done`, { name }));
      onChanged();
    } catch (error) {
      console.error(`Error: ${action} club member`, error);
      toast.error(t(`memberActions.${action}.error`), error instanceof ApiError ? error.message : undefined);
      onChanged(); // someone else may have changed the club meanwhile
      throw error;
    }
  }

  return (
    <>
      <Menu
        label={t('memberActions.menu', { name })}
        trigger={(props) => (
          <Button variant="ghost" size="icon" aria-label={t('memberActions.menu', { name })} {...props}>
            <MoreVertical className="h-5 w-5" aria-hidden="true" />
          </Button>
        )}
        panelClassName="w-60"
      >
        {allowed.makeAdmin && <MenuItem onSelect={() => setAsk('makeAdmin')}>{t('memberActions.makeAdmin.action')}</MenuItem>}
        {allowed.removeAdmin && <MenuItem onSelect={() => setAsk('removeAdmin')}>{t('memberActions.removeAdmin.action')}</MenuItem>}
        {allowed.remove && (allowed.makeAdmin || allowed.removeAdmin) && <MenuSeparator />}
        {allowed.remove && (
          <MenuItem onSelect={() => setAsk('remove')} className="text-danger">
            {t('memberActions.remove.action')}
          </MenuItem>
        )}
      </Menu>
      {(['makeAdmin', 'removeAdmin', 'remove'] as const).map((action) => (
        <ConfirmDialog
          key={action}
          open={ask === action}
          onOpenChange={(o) => !o && setAsk(null)}
          title={t(`memberActions.${action}.title`, { name })}
          description={t(`memberActions.${action}.confirm`, { name })}
          confirmLabel={t(`memberActions.${action}.action`)}
          onConfirm={() => run(action)}
        />
      ))}
    </>
  );
}
