import { Trophy, Swords } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/Avatar';
import { cn } from '@/lib/cn';
import type { Conversation } from '@/lib/conversations';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import { usePresence } from '@/lib/usePresence';

/** A conversation's title in the reader's language (an erased player reads "Deleted player"). */
export function useConversationTitle() {
  const personName = usePersonName();
  return (c: Conversation) => (c.other ? personName(c.other) : c.title);
}

function OnlineDot({ userId }: { userId: number }) {
  const { t } = useTranslation('live');
  const online = usePresence(userId);
  return (
    <span
      data-testid="presence-dot"
      data-online={online}
      title={online ? t('presence.online') : t('presence.offline')}
      className={cn('absolute -bottom-0.5 -right-0.5 h-3 w-3 rounded-full ring-2 ring-surface', online ? 'bg-emerald-500' : 'bg-slate-400')}
    >
      <span className="sr-only">{online ? t('presence.online') : t('presence.offline')}</span>
    </span>
  );
}

/** The reader's conversations, most recent first, with unread badges and the other player's presence. */
export function ConversationList({ items, selected, onSelect }: { items: Conversation[]; selected: number; onSelect: (id: number) => void }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const title = useConversationTitle();
  return (
    <ul aria-label={t('listLabel')} className="divide-y divide-border">
      {items.map((c) => {
        const name = title(c);
        const last = c.last_message;
        const preview = last ? (last.sender_id === user?.id ? t('lastFromYou', { text: last.body }) : last.body) : '';
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={selected === c.id ? 'true' : undefined}
              data-testid="conversation"
              className={cn(
                'flex w-full cursor-pointer items-center gap-3 px-3 py-3 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                selected === c.id && 'bg-surface-2',
              )}
            >
              <span className="relative shrink-0">
                {c.kind === 'direct' ? (
                  <Avatar photoUrl={c.other?.photo_url} name={name} size="sm" />
                ) : (
                  <span className="grid h-9 w-9 place-items-center rounded-full bg-surface-2 text-brand">
                    {c.kind === 'tournament' ? <Trophy className="h-4 w-4" aria-hidden="true" /> : <Swords className="h-4 w-4" aria-hidden="true" />}
                  </span>
                )}
                {c.kind === 'direct' && c.other && !c.other.deleted && <OnlineDot userId={c.other.id} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unread > 0 ? 'font-bold' : 'font-medium')}>{name}</span>
                  {c.unread > 0 && (
                    <span
                      data-testid="unread"
                      className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-red-700 px-1.5 text-[11px] font-bold text-white"
                    >
                      <span aria-hidden="true">{c.unread > 99 ? '99+' : c.unread}</span>
                      <span className="sr-only">{t('unread', { count: c.unread })}</span>
                    </span>
                  )}
                </span>
                <span className="block truncate text-xs text-muted">{c.kind === 'direct' ? preview : `${t(`kind.${c.kind}`)} · ${preview}`}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
