import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Send } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { controlClasses } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import {
  conversationKeys,
  markConversationRead,
  MAX_MESSAGE_LENGTH,
  messagesQuery,
  sendMessage,
  type Message,
} from '@/lib/conversations';
import { usePersonName, type PersonLike } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import { CLOCK_24H } from '@/lib/time-format';
import { useTyping } from '@/lib/useTyping';
import { MessageBody } from './MessageBody';

/** When a message was sent, in the reader's time zone: the time today, else the date too. */
function useStamp() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (iso: string) => {
    const d = new Date(iso);
    const today = new Date().toDateString() === d.toDateString();
    const opts: Intl.DateTimeFormatOptions = today
      ? { hour: '2-digit', minute: '2-digit', ...CLOCK_24H }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', ...CLOCK_24H };
    return new Intl.DateTimeFormat(lang, opts).format(d);
  };
}

/**
 * One conversation's messages, newest at the bottom, older ones on demand, and the box to write
 * (issue 13). Sending keeps the text in the box until the server took it: a failed send says
 * 'Error sending message' (SPEC §8) and the text stays to retry. New messages arrive through the
 * live socket (the "message" event invalidates the conversation keys); what is shown is marked read.
 */
export function ConversationThread({
  conversationId,
  title,
  people = [],
  className,
}: {
  conversationId: number;
  title: string;
  /** Who else is in it, when known (the other player, the match's players): names for "is typing". */
  people?: PersonLike[];
  className?: string;
}) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const toast = useToast();
  const queryClient = useQueryClient();
  const personName = usePersonName();
  const stamp = useStamp();
  const query = useInfiniteQuery({ ...messagesQuery(userId, conversationId), enabled: userId > 0 });
  const { typing, notify } = useTyping(conversationId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true); // keep the newest message in view unless the reader scrolled up
  const markedUpTo = useRef(0);
  const hintId = useId();

  const pages = query.data?.pages ?? [];
  // Pages are newest first; the thread reads oldest first.
  const messages = useMemo(() => pages.flatMap((p) => p.items).reverse(), [pages]);
  const seenUpTo = pages[0]?.seen_up_to ?? 0;
  const newest = messages.at(-1);
  const names = useMemo(() => {
    const m = new Map<number, string>();
    for (const p of people) m.set(p.id, personName(p));
    for (const msg of messages) if (msg.sender_id && msg.sender) m.set(msg.sender_id, personName(msg.sender));
    return m;
  }, [messages, people, personName]);

  // What is shown is read: move the read marker when a newer message from someone else shows.
  useEffect(() => {
    if (!newest || newest.id <= markedUpTo.current) return;
    markedUpTo.current = newest.id;
    if (newest.sender_id === userId) return; // sending moved it already
    void markConversationRead(conversationId, newest.id)
      .then(() => queryClient.invalidateQueries({ queryKey: conversationKeys.unread(userId) }))
      .catch(() => undefined);
  }, [newest, conversationId, userId, queryClient]);

  useLayoutEffect(() => {
    const el = logRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [newest?.id, typing.length]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    try {
      await sendMessage(conversationId, body);
      setText(''); // only now: a failed send keeps the text to retry
      stick.current = true;
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all(userId) });
    } catch (err) {
      toast.error(t('sendFailed'), err instanceof ApiError ? err.message : undefined);
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  const typingText =
    typing.length === 0 ? '' : names.has(typing[0]) ? t('thread.typing', { name: names.get(typing[0]) }) : t('thread.typingSomeone');
  const lastMine = [...messages].reverse().find((m) => m.sender_id === userId);

  return (
    <section aria-label={t('thread.label', { name: title })} className={cn('flex min-h-0 flex-col', className)} data-testid="thread">
      <div
        ref={logRef}
        role="log"
        aria-label={t('thread.log')}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {query.hasNextPage && (
          <div className="text-center">
            <Button variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('thread.loadingOlder') : t('thread.loadOlder')}
            </Button>
          </div>
        )}
        {query.isPending && <Spinner label={t('thread.loadingOlder')} className="mx-auto my-6" />}
        {query.isError && (
          <div role="alert" className="py-6 text-center text-sm">
            <p>{t('thread.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {query.isSuccess && messages.length === 0 && <p className="py-6 text-center text-sm text-muted">{t('thread.empty')}</p>}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} mine={m.sender_id === userId} author={m.sender ? personName(m.sender) : ''} stamp={stamp(m.created_at)}>
            {m.id === lastMine?.id && (
              <span data-testid="delivery" className="ml-2">
                {seenUpTo >= m.id ? t('thread.seen') : t('thread.sent')}
              </span>
            )}
          </Bubble>
        ))}
      </div>
      <p aria-live="polite" className="h-5 px-3 text-xs italic text-muted" data-testid="typing">
        {typingText}
      </p>
      <form onSubmit={(e) => void send(e)} className="flex items-end gap-2 border-t border-border p-3 max-sm:pr-[4.5rem]">
        <label className="sr-only" htmlFor={`${hintId}-box`}>
          {t('thread.composer')}
        </label>
        <textarea
          id={`${hintId}-box`}
          aria-describedby={hintId}
          rows={2}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          placeholder={t('thread.placeholder')}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) notify();
          }}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'h-auto min-h-[2.75rem] flex-1 resize-none py-2')}
        />
        <Button type="submit" disabled={sending || !text.trim()} aria-label={sending ? t('thread.sending') : t('thread.send')}>
          {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          <span className="max-sm:sr-only">{t('thread.send')}</span>
        </Button>
      </form>
      <p id={hintId} className="px-3 pb-2 text-xs text-muted">
        {t('thread.hint')} {text.length > MAX_MESSAGE_LENGTH - 200 && t('thread.counter', { count: text.length, max: MAX_MESSAGE_LENGTH })}
      </p>
    </section>
  );
}

function Bubble({ message, mine, author, stamp, children }: { message: Message; mine: boolean; author: string; stamp: string; children?: ReactNode }) {
  const { t } = useTranslation('messages');
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message" data-mine={mine}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          mine ? 'bg-brand text-brand-fg rounded-br-sm' : 'bg-surface-2 text-fg rounded-bl-sm',
        )}
      >
        {!mine && author && <p className="mb-0.5 text-xs font-semibold">{author}</p>}
        <span className="sr-only">{mine ? t('thread.you') : author}: </span>
        <MessageBody text={message.body} />
        <p className={cn('mt-1 text-right text-[0.7rem]', mine ? 'opacity-90' : 'text-muted')}>
          <time dateTime={message.created_at}>{stamp}</time>
          {children}
        </p>
      </div>
    </div>
  );
}
