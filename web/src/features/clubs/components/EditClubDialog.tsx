import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import type { ClubDetail } from '../api/get-club';
import { updateClub } from '../api/save-club';
import { uploadClubImage } from '../api/upload-club-image';
import { ClubForm, clubValuesOf } from './ClubForm';
import { ClubImage } from './ClubImage';

/** Edit (can_edit): the propose form prefilled, plus the club's picture. */
export function EditClubDialog({ club, open, onOpenChange, onSaved }: { club: ClubDetail; open: boolean; onOpenChange: (o: boolean) => void; onSaved: () => void }) {
  const { t } = useTranslation('clubs');
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      await uploadClubImage(club.id, file, file.name);
      toast.success(t('edit.imageSaved'));
      onSaved();
    } catch (error) {
      console.error('Error uploading club image', error);
      toast.error(t('edit.imageError'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('edit.title')} className="max-w-2xl">
        <div className="mb-6 flex items-center gap-4">
          <ClubImage url={club.image_url} className="h-16 w-24 shrink-0 rounded-xl" />
          <div>
            <input ref={fileRef} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void upload(e.target.files?.[0])} />
            <Button variant="outline" size="sm" disabled={uploading} onClick={() => fileRef.current?.click()}>
              <ImageUp className="h-4 w-4" aria-hidden="true" />
              {uploading ? t('edit.uploading') : t('edit.image')}
            </Button>
          </div>
        </div>
        <ClubForm
          initial={clubValuesOf(club)}
          errorTitle={t('edit.error')}
          submitLabel={t('edit.submit')}
          onCancel={() => onOpenChange(false)}
          onSubmit={async (body) => {
            await updateClub(club.id, body);
            toast.success(t('edit.saved'));
            onSaved();
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
