import { Camera, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { deletePhoto } from '../api/delete-photo';
import { uploadPhoto } from '../api/upload-photo';
import { compressPhoto, PHOTO_MAX_BYTES } from '../lib/compress-photo';

/** The account's own uploaded photo (served by us), as opposed to the sign-in account's picture. */
export const isOwnPhoto = (url: string) => url.startsWith('/api/users/');

interface Props {
  photoUrl: string;
  name: string;
  onChanged: (photoUrl: string) => void;
  /** Shown next to the avatar, above the buttons (who this is). */
  children?: ReactNode;
}

/**
 * The photo on /profile: the current avatar (xl), upload (any image up to 50 MB, compressed in the
 * browser first) and remove. Failures say 'Error updating photo' with the reason (spec §8).
 */
export function PhotoSection({ photoUrl, name, onChanged, children }: Props) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const problemId = useId();

  function fail(reason: string | undefined) {
    setProblem(reason ?? null);
    toast.error(t('errors.updatePhoto'), reason);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires change
    if (!file) return;
    setProblem(null);
    if (file.size > PHOTO_MAX_BYTES) return fail(t('photo.tooLarge', { max: '50 MB' }));
    if (file.type && !file.type.startsWith('image/')) return fail(t('photo.notImage'));
    setBusy('upload');
    try {
      const small = await compressPhoto(file);
      const url = await uploadPhoto(small, small.name || 'photo.jpg');
      onChanged(url);
      toast.success(t('photo.updated'));
    } catch (error) {
      console.error('Error updating photo', error);
      fail(error instanceof ApiError ? (error.fieldErrors.photo ?? error.message) : undefined);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setProblem(null);
    setBusy('remove');
    try {
      await deletePhoto();
      onChanged('');
      toast.success(t('photo.removed'));
    } catch (error) {
      console.error('Error removing photo', error);
      fail(error instanceof ApiError ? error.message : undefined);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
      <Avatar photoUrl={photoUrl} name={name} size="xl" />
      <div className="flex min-w-0 flex-col items-center gap-3 text-center sm:items-start sm:text-left">
        {children}
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="outline"
            onClick={() => inputRef.current?.click()}
            disabled={busy !== null}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            {busy === 'upload' ? t('photo.uploading') : photoUrl ? t('photo.change') : t('photo.upload')}
          </Button>
          {isOwnPhoto(photoUrl) && (
            <Button variant="ghost" onClick={() => void remove()} disabled={busy !== null} className="text-danger">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {busy === 'remove' ? t('photo.removing') : t('photo.remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-center text-xs text-muted sm:text-left">
          {t('photo.hint', { max: '50 MB' })}
        </p>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          data-testid="photo-input"
          aria-label={t('photo.upload')}
          onChange={(e) => void onFile(e)}
        />
      </div>
    </div>
  );
}
