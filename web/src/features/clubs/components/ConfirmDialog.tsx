import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { TextAreaField } from '@/components/ui/Field';

interface Confirm {
  (reason: string): Promise<unknown>;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Ask for an optional reason (rejecting a club). */
  withReason?: boolean;
  /** Who sees the reason (defaults to the club proposer's wording). */
  reasonHint?: string;
  onConfirm: Confirm;
}

/** Leave, validate or reject: asks first; stays open while the call runs. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, withReason, reasonHint, onConfirm }: Props) {
  const { t } = useTranslation('clubs');
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
          <TextAreaField label={t('reject.reason')} hint={reasonHint ?? t('reject.reasonHint')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        )}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
