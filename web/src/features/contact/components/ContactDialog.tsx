import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { useTranslation } from 'react-i18next';
import type { ContactType } from '../api/send-contact';
import { ContactForm } from './ContactForm';

interface Props {
  type: ContactType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Default export: the footer loads this lazily. */
export default function ContactDialog({ type, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t(`contact.${type}.title`)} description={t(`contact.${type}.description`)}>
        <ContactForm type={type} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
