import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConversationThread } from '@/components/chat/ConversationThread';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { openTournamentConversation } from '@/lib/conversations';
import { useSession } from '@/lib/SessionProvider';
import type { TournamentDetail } from '../api/get-tournament';

/**
 * A private tournament's group chat (SPEC §2 "tournament detail: group chat for private
 * tournaments"), for its members and its organiser (the server's can_chat). Opening it creates
 * the conversation the first time; a member who leaves loses it (the server refuses).
 */
export function GroupChat({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const query = useQuery({
    queryKey: ['conversations', user?.id ?? 0, 'tournament', tournament.id],
    queryFn: () => openTournamentConversation(tournament.id),
    staleTime: Infinity,
    enabled: !!user,
  });
  return (
    <section aria-labelledby="group-chat-title" className="mt-8 rounded-2xl border border-border bg-surface shadow-sm" data-testid="group-chat">
      <div className="flex items-center gap-2 border-b border-border p-4">
        <MessagesSquare className="h-5 w-5 text-brand" aria-hidden="true" />
        <div>
          <h2 id="group-chat-title" className="text-lg font-semibold">
            {t('groupChat.title')}
          </h2>
          <p className="text-xs text-muted">{t('groupChat.intro')}</p>
        </div>
      </div>
      {query.isPending ? (
        <Spinner className="my-8" />
      ) : query.isError ? (
        <div role="alert" className="p-6 text-center text-sm">
          <p>{t('startFailed')}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ConversationThread conversationId={query.data} title={tournament.name} className="h-[28rem]" />
      )}
    </section>
  );
}
