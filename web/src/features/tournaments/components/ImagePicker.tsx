import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { TournamentImage } from './TournamentImage';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * The optional picture of a new tournament: chosen here, uploaded once the tournament exists (the
 * upload needs its id), as the clubs do after proposing.
 */
export function ImagePicker({ file, onChange, disabled }: Props) {
  const { t } = useTranslation('tournaments');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!file) {
      setPreview('');
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="flex items-center gap-4">
      <TournamentImage url={preview} className="h-16 w-24 shrink-0 rounded-xl" />
      <div className="min-w-0 space-y-1.5">
        <p className="text-sm font-medium text-fg">{t('form.image')}</p>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {t('form.imageChoose')}
          </Button>
          {file && (
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => {
                onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              {t('form.imageRemove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted">
          {file ? file.name : t('form.imageHint')}
        </p>
      </div>
    </div>
  );
}
