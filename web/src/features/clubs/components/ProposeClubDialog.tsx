import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, type ReturnFocus } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toast';
import { clubsKey } from '../api/list-clubs';
import { proposeClub } from '../api/save-club';
import { ClubForm } from './ClubForm';

/**
 * The propose flow: the club form in a dialog; on success, a toast and the new club's page.
 * `returnFocus`: the page's propose button, focused on close when the dialog opened from the URL.
 */
export function ProposeClubDialog({ open, onOpenChange, returnFocus }: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus?: ReturnFocus }) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('propose.title')} description={t('propose.intro')} className="max-w-2xl" returnFocus={returnFocus}>
        <ClubForm
          errorTitle={t('propose.error')}
          submitLabel={t('propose.submit')}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (body) => {
            const club = await proposeClub(body);
            toast.success(t('propose.success'));
            void queryClient.invalidateQueries({ queryKey: clubsKey });
            onOpenChange(false);
            void navigate(`/clubs/${club.id}`);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
