import { useState } from 'react';
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
  /** Ask for an optional reason (rejecting a tournament). */
  withReason?: boolean;
  /** Resolves to close; rejects (after the caller's toast) to stay open. */
  onConfirm(reason: string): Promise<unknown>;
}

/**
 * Asks before an action and stays open while it runs. Like the clubs' ConfirmDialog, but with
 * this page's texts: the clubs' one reads the 'clubs' namespace, which this route does not load.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, withReason, onConfirm }: Props) {
  const { t } = useTranslation('tournament');
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
        {withReason && (
          <TextAreaField label={t('decide.reason')} hint={t('decide.reasonHint')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
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
