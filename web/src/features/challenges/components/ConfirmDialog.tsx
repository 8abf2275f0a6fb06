import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { TextAreaField } from '@/components/ui/Field';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Ask for an optional reason, with this label (disputing a result). */
  reasonLabel?: string;
  reasonHint?: string;
  /** Shown above the buttons (what is being answered). */
  children?: ReactNode;
  /** Resolves when done; rejects after the caller showed the error (the dialog stays open). */
  onConfirm(reason: string): Promise<unknown>;
}

/** Accept, reject, withdraw, confirm or cancel: asks first (SPEC §4), stays open while the call runs. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, reasonLabel, reasonHint, children, onConfirm }: Props) {
  const { t } = useTranslation('challenges');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm(reason);
      setReason('');
      onOpenChange(false);
    } catch {
      // the caller showed the error
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={title} description={description}>
        {children}
        {reasonLabel && (
          <TextAreaField label={reasonLabel} hint={reasonHint} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        )}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('actions.back')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
