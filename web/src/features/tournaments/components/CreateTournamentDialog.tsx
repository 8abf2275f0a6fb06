import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, type ReturnFocus } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { tournamentsKey } from '../api/list-tournaments';
import { createTournament, uploadTournamentImage } from '../api/save-tournament';
import { TournamentForm } from './TournamentForm';

/**
 * The create flow (`/tournaments?create=true`): the form in a dialog; on success a toast saying
 * it awaits approval, the picture uploaded if one was chosen, then the new tournament's page.
 * `returnFocus`: the page's create button, focused on close when the dialog opened from the URL.
 */
export function CreateTournamentDialog({ open, onOpenChange, returnFocus }: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus?: ReturnFocus }) {
  const { t } = useTranslation('tournaments');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* sm: so it wins over the dialog's own max-w-lg (cn does not merge classes). */}
      <DialogContent title={t('create.title')} description={t('create.intro')} className="sm:max-w-3xl" returnFocus={returnFocus}>
        <TournamentForm
          creating
          errorTitle={t('create.error')}
          submitLabel={t('create.submit')}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (body, image) => {
            const created = await createTournament(body);
            toast.success(t('create.success'));
            if (image) {
              // The tournament exists already: a failed upload must not look like a failed creation.
              try {
                await uploadTournamentImage(created.id, image, image.name);
              } catch (error) {
                console.error('Error uploading tournament image', error);
                toast.error(t('create.imageError'), error instanceof ApiError ? error.message : undefined);
              }
            }
            void queryClient.invalidateQueries({ queryKey: tournamentsKey });
            onOpenChange(false);
            void navigate(`/tournaments/${created.id}`);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
