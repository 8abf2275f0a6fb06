import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { ApiError } from '@/lib/api';
import { useSendContact, type ContactType } from '../api/send-contact';

/** How long the "sent" confirmation stays before the dialog closes (spec §9). */
export const CONTACT_CONFIRMATION_MS = 2000;

type Status = 'editing' | 'sending' | 'sent';
type Fields = { name: string; email: string; subject: string; message: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };

/**
 * The technical-support / contact-the-developer form (spec §4 "Contact form"):
 * editing → sending → sent; when sent the fields are cleared and, 2 s later, onSent closes it.
 */
export function ContactForm({ type, onSent }: { type: ContactType; onSent?: () => void }) {
  const { t } = useTranslation();
  const send = useSendContact();
  const [status, setStatus] = useState<Status>('editing');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function update(name: keyof Fields, value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    setFieldErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    setStatus('sending');
    setFieldErrors({});
    try {
      await send.mutateAsync({ ...fields, type });
      setFields(EMPTY);
      setStatus('sent');
      timer.current = setTimeout(() => {
        setStatus('editing');
        onSent?.();
      }, CONTACT_CONFIRMATION_MS);
    } catch (error) {
      console.error('Error sending contact message', error);
      setStatus('editing');
      // A 4xx carries a message in the visitor's language (bad fields, rate limit); anything else
      // gets the generic "please try again".
      const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
      window.alert(known ? error.message : t('contact.failed'));
    }
  }

  if (status === 'sent') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <CircleCheck className="h-12 w-12 text-success" aria-hidden="true" />
        <p className="text-lg font-semibold text-fg">{t('contact.sentTitle')}</p>
        <p className="text-sm text-muted">{t('contact.sentBody')}</p>
      </div>
    );
  }

  const sending = status === 'sending';
  return (
    <form onSubmit={submit} className="space-y-4" aria-busy={sending}>
      <TextField label={t('contact.name')} name="name" autoComplete="name" required value={fields.name}
        error={fieldErrors.name} onChange={(e) => update('name', e.target.value)} disabled={sending} />
      <TextField label={t('contact.email')} name="email" type="email" autoComplete="email" required value={fields.email}
        error={fieldErrors.email} onChange={(e) => update('email', e.target.value)} disabled={sending} />
      <TextField label={t('contact.subject')} name="subject" required value={fields.subject}
        error={fieldErrors.subject} onChange={(e) => update('subject', e.target.value)} disabled={sending} />
      <TextAreaField label={t('contact.message')} name="message" required value={fields.message}
        error={fieldErrors.message} onChange={(e) => update('message', e.target.value)} disabled={sending} />
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
