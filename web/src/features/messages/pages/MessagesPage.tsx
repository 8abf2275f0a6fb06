import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConversationThread } from '@/components/chat/ConversationThread';
import { PresenceBadge } from '@/components/PresenceBadge';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { conversationQuery, conversationsQuery, startConversation } from '@/lib/conversations';
import { useSession } from '@/lib/SessionProvider';
import { ConversationList, useConversationTitle } from '../components/ConversationList';
import { NewConversation } from '../components/NewConversation';

/**
 * /messages (SPEC §2, issue 13): the conversation list (unread badges, presence, the
 * new-conversation search) and the open conversation (?c=id). Side by side on wide screens; on a
 * phone one at a time, with a way back to the list. ?to=<player id> (links from the tennis hub and
 * elsewhere) opens the direct conversation with that player, created the first time.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || 0;
  const list = useQuery({ ...conversationsQuery(userId), enabled: userId > 0 });
  const open = (id: number) => setParams(id ? { c: String(id) } : {}, { preventScrollReset: true });
  useStartFromLink(Number(params.get('to')) || 0, userId, (id) => setParams(id ? { c: String(id) } : {}, { replace: true }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageTitle title={tc('pages.messages')} className={cn(selected > 0 && 'max-lg:sr-only')} />
      <p className={cn('mt-1 text-sm text-muted', selected > 0 && 'max-lg:hidden')}>{t('intro')}</p>
      <div className="mt-4 grid overflow-hidden rounded-2xl border border-border bg-surface lg:h-[calc(100dvh-13rem)] lg:min-h-[28rem] lg:grid-cols-[22rem_1fr]">
        <div className={cn('flex min-h-0 flex-col border-border lg:border-r', selected > 0 && 'max-lg:hidden')}>
          <div className="border-b border-border p-3">
            <NewConversation onOpen={open} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <Spinner className="my-8" />
            ) : list.isError ? (
              <div role="alert" className="p-6 text-center text-sm">
                <p>{t('loadFailed')}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            ) : list.data.length === 0 ? (
              <div className="p-6 text-center">
                <MessageSquare className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
                <h2 className="mt-2 font-semibold">{t('empty.title')}</h2>
                <p className="mt-1 text-sm text-muted">{t('empty.body')}</p>
              </div>
            ) : (
              <ConversationList items={list.data} selected={selected} onSelect={open} />
            )}
          </div>
        </div>
        <div className={cn('flex min-h-0 flex-col', selected === 0 && 'max-lg:hidden')}>
          {selected > 0 ? (
            <OpenConversation key={selected} id={selected} onBack={() => open(0)} />
          ) : (
            <p className="m-auto p-6 text-center text-sm text-muted">{t('select')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** ?to=<player id>: start (or find) the direct conversation once, then show it as ?c=<id>. */
function useStartFromLink(to: number, userId: number, show: (conversation: number) => void) {
  const { t } = useTranslation('messages');
  const toast = useToast();
  const started = useRef(0);
  useEffect(() => {
    if (!to || !userId || started.current === to) return;
    started.current = to;
    startConversation(to).then(show, (err: unknown) => {
      toast.error(t('startFailed'), err instanceof ApiError ? err.message : undefined);
      show(0);
    });
  }, [to, userId, show, t, toast]);
}

function OpenConversation({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const title = useConversationTitle();
  const query = useQuery(conversationQuery(user?.id ?? 0, id));
  if (query.isPending) return <Spinner className="m-auto" />;
  if (query.isError) {
    return (
      <div role="alert" className="m-auto p-6 text-center text-sm">
        <p>{query.error.message || t('thread.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onBack}>
          {t('thread.back')}
        </Button>
      </div>
    );
  }
  const c = query.data;
  const name = title(c);
  return (
    <>
      <div className="flex items-center gap-2 border-b border-border p-3">
        <Button variant="ghost" size="icon" className="lg:hidden" onClick={onBack} aria-label={t('thread.back')} title={t('thread.back')}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="thread-title">
            {c.kind === 'direct' && c.other && !c.other.deleted ? <Link to={`/players/${c.other.id}`}>{name}</Link> : name}
          </h2>
          <p className="text-xs text-muted">
            {c.kind === 'tournament' && c.tournament_id ? (
              <Link to={`/tournaments/${c.tournament_id}`} className="underline">
                {t('kind.tournament')}
              </Link>
            ) : (
              t(`kind.${c.kind}`)
            )}
          </p>
        </div>
        {c.kind === 'direct' && c.other && !c.other.deleted && <PresenceBadge userId={c.other.id} />}
      </div>
      <ConversationThread conversationId={id} title={name} people={c.other ? [c.other] : (c.players ?? [])} className="h-[calc(100dvh-12rem)] lg:h-auto lg:flex-1" />
    </>
  );
}
