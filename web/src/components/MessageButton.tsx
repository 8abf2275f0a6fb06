import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { startConversation } from '@/lib/conversations';

/**
 * "Message": opens the direct conversation with a player on /messages (created the first time).
 * A failure says 'Error starting conversation' (SPEC §8). Needs the 'messages' namespace.
 */
export function MessageButton({ userId, name, size = 'sm', variant = 'outline' }: { userId: number; name: string; size?: 'sm' | 'md'; variant?: 'outline' | 'ghost' }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      const id = await startConversation(userId);
      await navigate(`/messages?c=${id}`);
    } catch (err) {
      toast.error(t('startFailed'), err instanceof ApiError ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={variant} size={size} disabled={busy} onClick={() => void open()} aria-label={t('messageTo', { name })} title={t('messageTo', { name })}>
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      <span>{t('message')}</span>
    </Button>
  );
}
