import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversationThread } from '@/components/chat/ConversationThread';
import { MessageButton } from '@/components/MessageButton';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { openMatchConversation } from '@/lib/conversations';
import { useSession } from '@/lib/SessionProvider';
import type { Match } from '../api/list-matches';

/**
 * A match card's conversation buttons (issue 13): "Chat" opens the match's chat (its players and
 * its referee; the server's can_chat says who) in a dialog; a player also gets "Message" to the
 * opponent directly.
 */
export function MatchChat({ match: m }: { match: Match }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const toast = useToast();
  const [conversation, setConversation] = useState(0);
  const [busy, setBusy] = useState(false);
  const opponent = m.player1.id === user?.id ? m.player2 : m.player2.id === user?.id ? m.player1 : null;
  const title = `${m.player1.display_name} – ${m.player2.display_name}`;

  async function open() {
    setBusy(true);
    try {
      setConversation(await openMatchConversation(m.id));
    } catch (err) {
      toast.error(t('startFailed'), err instanceof ApiError ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  if (!m.can_chat && !opponent) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {m.can_chat && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void open()}>
          <MessagesSquare className="h-4 w-4" aria-hidden="true" />
          {t('matchChat.open')}
        </Button>
      )}
      {opponent && !opponent.deleted && <MessageButton userId={opponent.id} name={opponent.display_name} variant="ghost" />}
      <Dialog open={conversation > 0} onOpenChange={(o) => !o && setConversation(0)}>
        {conversation > 0 && (
          <DialogContent title={t('matchChat.title', { title })} className="p-4 sm:p-5">
            <ConversationThread conversationId={conversation} title={title} people={[m.player1, m.player2]} className="-mx-2 h-[min(32rem,65dvh)]" />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
