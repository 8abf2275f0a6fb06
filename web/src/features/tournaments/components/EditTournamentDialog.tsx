import { useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { tournamentsKey, type Tournament } from '../api/list-tournaments';
import { updateTournament, uploadTournamentImage } from '../api/save-tournament';
import { valuesOf } from '../lib/tournament-form';
import { TournamentForm } from './TournamentForm';
import { TournamentImage } from './TournamentImage';

interface Props {
  tournament: Tournament;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Edit (the creator and super admins): the create form prefilled, plus the picture. Saving
 * refreshes every tournament list and the tournament's own page (['tournament', id]).
 */
export function EditTournamentDialog({ tournament, open, onOpenChange }: Props) {
  const { t } = useTranslation('tournaments');
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // The new picture's address until the refreshed tournament comes back with it.
  const [uploaded, setUploaded] = useState('');

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: tournamentsKey });
    void queryClient.invalidateQueries({ queryKey: ['tournament', tournament.id] });
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const saved = await uploadTournamentImage(tournament.id, file, file.name);
      setUploaded(saved.image_url);
      toast.success(t('edit.imageSaved'));
      refresh();
    } catch (error) {
      console.error('Error uploading tournament image', error);
      toast.error(t('edit.imageError'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('edit.title')} className="sm:max-w-3xl">
        <div className="mb-6 flex items-center gap-4">
          <TournamentImage url={uploaded || tournament.image_url} className="h-16 w-24 shrink-0 rounded-xl" />
          <input ref={fileRef} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void upload(e.target.files?.[0])} />
          <Button variant="outline" size="sm" disabled={uploading} onClick={() => fileRef.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {uploading ? t('edit.uploading') : t('edit.image')}
          </Button>
        </div>
        {/* The dialog unmounts its content when closed, so reopening starts from the saved values. */}
        <TournamentForm
          initial={valuesOf(tournament)}
          clubName={tournament.club_name}
          errorTitle={t('edit.error')}
          submitLabel={t('edit.submit')}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (body) => {
            await updateTournament(tournament.id, body);
            toast.success(t('edit.saved'));
            refresh();
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
