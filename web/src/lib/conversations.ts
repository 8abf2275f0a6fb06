import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from './api';

/**
 * Conversations and messages (issue 13), shared by /messages, the tournament page's group chat,
 * the match chat and the header badge. Every key sits under ['conversations', userId]: a
 * "message" live event invalidates them all (lib/live.ts), so what is shown re-fetches.
 */
export type Conversation = components['schemas']['ConversationView'];
export type Message = components['schemas']['MessageView'];

export const conversationKeys = {
  all: (userId: number) => ['conversations', userId] as const,
  list: (userId: number) => ['conversations', userId, 'list'] as const,
  one: (userId: number, id: number) => ['conversations', userId, 'one', id] as const,
  messages: (userId: number, id: number) => ['conversations', userId, 'messages', id] as const,
  unread: (userId: number) => ['conversations', userId, 'unread'] as const,
};

/** The most messages one page holds. */
export const MESSAGES_PAGE = 30;
/** The longest message (the server's service.MaxMessageLength). */
export const MAX_MESSAGE_LENGTH = 2000;

export const conversationsQuery = (userId: number) =>
  queryOptions({
    queryKey: conversationKeys.list(userId),
    queryFn: () => request((api) => api.GET('/api/conversations'), { errorToast: false }).then((b) => b.items),
  });

export const conversationQuery = (userId: number, id: number) =>
  queryOptions({
    queryKey: conversationKeys.one(userId, id),
    queryFn: () => request((api) => api.GET('/api/conversations/{id}', { params: { path: { id } } }), { errorToast: false }),
  });

export const unreadMessagesQuery = (userId: number) =>
  queryOptions({
    queryKey: conversationKeys.unread(userId),
    queryFn: () => request((api) => api.GET('/api/messages/unread_count'), { errorToast: false }).then((b) => b.count),
    refetchInterval: 60_000, // the fallback when the socket is down; events do the rest
  });

/** Pages of messages, newest first; the next page is older. */
export const messagesQuery = (userId: number, id: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(userId, id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      request(
        (api) =>
          api.GET('/api/conversations/{id}/messages', {
            params: { path: { id }, query: { before: pageParam, limit: MESSAGES_PAGE } },
          }),
        { errorToast: false },
      ),
    getNextPageParam: (last) => last.next_before || undefined,
  });

export function sendMessage(id: number, message: string): Promise<Message> {
  return request((api) => api.POST('/api/conversations/{id}/messages', { params: { path: { id } }, body: { message } }), {
    errorToast: false,
  });
}

export function markConversationRead(id: number, upTo: number): Promise<void> {
  return request((api) => api.POST('/api/conversations/{id}/read', { params: { path: { id } }, body: { up_to: upTo } }), {
    errorToast: false,
  }).then(() => undefined);
}

/** The direct conversation with a player (created the first time). */
export function startConversation(userId: number): Promise<number> {
  return request((api) => api.POST('/api/conversations', { body: { user_id: userId } }), { errorToast: false }).then((b) => b.id);
}

export function openTournamentConversation(tournamentId: number): Promise<number> {
  return request((api) => api.POST('/api/tournaments/{id}/conversation', { params: { path: { id: tournamentId } } }), {
    errorToast: false,
  }).then((b) => b.id);
}

export function openMatchConversation(matchId: number): Promise<number> {
  return request((api) => api.POST('/api/matches/{id}/conversation', { params: { path: { id: matchId } } }), {
    errorToast: false,
  }).then((b) => b.id);
}

/** Splits text into plain parts and http(s) links, for rendering links safely (never as HTML). */
export function linkify(text: string): { text: string; href?: string }[] {
  const out: { text: string; href?: string }[] = [];
  const re = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const m of text.matchAll(re)) {
    let url = m[0];
    // A sentence's closing punctuation is not part of the link.
    const trail = /[.,;:!?)\]]+$/.exec(url);
    if (trail) url = url.slice(0, -trail[0].length);
    const start = m.index ?? 0;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
