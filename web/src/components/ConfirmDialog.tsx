import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { TextAreaField } from '@/components/ui/Field';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Ask for an optional reason (rejecting, disputing); the label defaults to "Reason (optional)". */
  withReason?: boolean;
  reasonLabel?: string;
  /** Who will read the reason. */
  reasonHint?: string;
  /** Shown above the buttons (what is being answered). */
  children?: ReactNode;
  /** Resolves to close; rejects (after the caller showed the error) to stay open. */
  onConfirm(reason: string): Promise<unknown>;
}

/**
 * Asks before an action (SPEC §4: accept, reject, cancel, leave, remove … ask first) and stays
 * open while the call runs. Its own texts come from the always-loaded 'common' namespace, so any
 * page can use it.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, withReason, reasonLabel, reasonHint, children, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
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
        {withReason && (
          <TextAreaField
            label={reasonLabel ?? t('confirm.reason')}
            hint={reasonHint}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
