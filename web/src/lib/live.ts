import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Live updates (docs/ARCHITECTURE.md, "Live updates"): one WebSocket per tab at /api/ws. The
 * server sends small events of ids; we invalidate the TanStack Query keys they concern, so the
 * views re-fetch through the API. A lost socket reconnects with backoff and jitter; after a
 * reconnect, or a "resync" from the server (it may have missed events), everything the events
 * cover is invalidated, so nothing is lost. The bell's 30 s poll stays as the fallback.
 */

export interface LiveEvent {
  type: string;
  user_id?: number;
  tournament_id?: number;
  challenge_id?: number;
  match_id?: number;
  conversation_id?: number;
  online?: boolean;
  online_user_ids?: number[];
  code?: string;
}

/**
 * The query keys the events cover, as prefixes. They mirror the features' key factories
 * (notifications/api/keys.ts, challenges/api/keys.ts, tournament/api/get-tournament.ts,
 * lib/conversations.ts); the
 * test live.test.ts fails if they drift apart.
 */
export const liveKeys = {
  notifications: (userId: number) => ['notifications', userId] as const,
  challenges: (userId: number) => ['challenges', userId] as const,
  matches: (userId: number) => ['matches', userId] as const,
  tournament: (id: number) => ['tournaments', 'detail', id] as const,
  tournaments: ['tournaments'] as const,
  conversations: (userId: number) => ['conversations', userId] as const,
  gamification: (userId: number) => ['gamification', userId] as const,
};

/** The keys to invalidate for an event (none for presence and typing: listeners get those). */
export function keysFor(userId: number, e: LiveEvent): QueryKey[] {
  switch (e.type) {
    case 'notification':
      return [liveKeys.notifications(userId)];
    case 'challenge':
    case 'match': {
      const keys: QueryKey[] = [liveKeys.challenges(userId), liveKeys.matches(userId)];
      if (e.tournament_id) keys.push(liveKeys.tournament(e.tournament_id));
      return keys;
    }
    case 'message':
      return [liveKeys.conversations(userId)];
    case 'gamification':
      return [liveKeys.gamification(userId)];
    case 'resync':
      return everything(userId);
    default:
      return [];
  }
}

function everything(userId: number): QueryKey[] {
  return [
    liveKeys.notifications(userId),
    liveKeys.challenges(userId),
    liveKeys.matches(userId),
    liveKeys.tournaments,
    liveKeys.conversations(userId),
    liveKeys.gamification(userId),
  ];
}

/** Reconnection delay: 1 s doubling to 30 s, with jitter (half to all of it). */
export function backoff(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * Invalidates queryKey for a live event. TanStack Query does not cancel a query's FIRST fetch
 * (one with no data yet) when it is invalidated: the refetch joins it, and that fetch may have
 * been answered before the change the event announces — the view would keep the old state (an
 * empty XP history under a fresh achievement). Those queries are fetched once more after it.
 */
export function invalidateLive(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstFetches = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .filter((q) => q.state.fetchStatus === 'fetching' && q.state.data === undefined)
    .map((q) => q.queryKey);
  return queryClient.invalidateQueries({ queryKey }).then(async () => {
    await Promise.all(firstFetches.map((key) => queryClient.refetchQueries({ queryKey: key, exact: true })));
  });
}

/** The close code of a socket whose session was revoked. */
export const SESSION_ENDED = 4001;

type Listener = (e: LiveEvent) => void;
const listeners = new Set<Listener>();
let current: WebSocket | null = null;

/** Listens to every event (presence, typing …); returns the unsubscribe function. */
export function onLiveEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Sends a message on the open socket (e.g. {type: 'presence.watch', user_ids}); false when none is open. */
export function sendLive(message: object): boolean {
  if (current?.readyState !== WebSocket.OPEN) return false;
  current.send(JSON.stringify(message));
  return true;
}

/**
 * Opens the tab's socket for userId and keeps it open until the returned function is called
 * (sign-out, another account). A refused socket retries with backoff too; onSessionEnded runs
 * when the server closed it because the account's sessions were revoked.
 */
export function startLive(queryClient: QueryClient, userId: number, onSessionEnded?: () => void): () => void {
  let stopped = false;
  let attempt = 0;
  let opened = false; // a socket was open before: the next open resyncs
  let timer: ReturnType<typeof setTimeout> | undefined;

  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of keys) void invalidateLive(queryClient, queryKey);
  };

  const connect = () => {
    if (stopped) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/api/ws`);
    current = ws;
    ws.onmessage = (m) => {
      let e: LiveEvent;
      try {
        e = JSON.parse(String(m.data)) as LiveEvent;
      } catch {
        return;
      }
      if (e.type === 'hello') {
        attempt = 0;
        if (opened) invalidate(everything(userId)); // events may have been missed while away
        opened = true;
      }
      invalidate(keysFor(userId, e));
      for (const fn of listeners) fn(e);
    };
    ws.onclose = (ev) => {
      if (current === ws) current = null;
      if (stopped) return;
      // 4001: this account's sessions were revoked (sign-out elsewhere, suspension): let the
      // session find out whether this tab is still signed in.
      if (ev.code === SESSION_ENDED) onSessionEnded?.();
      timer = setTimeout(connect, backoff(attempt++));
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    const ws = current;
    current = null;
    if (!ws) return;
    // Closing a socket still connecting makes Chromium log an error ("closed before the
    // connection is established"): let it open first, then close it.
    if (ws.readyState === WebSocket.CONNECTING) {
      ws.onmessage = null;
      ws.onopen = () => ws.close();
    } else ws.close();
  };
}

/*
 * Presence: components ask for users' online state with usePresence(id). The tab's socket
 * watches the union of the ids asked for (one presence.watch, sent again after a reconnect),
 * and the server pushes changes. The server filters the ids by privacy (hidden players never
 * show online).
 */
const watched = new Map<number, number>(); // user id → components asking
let onlineNow = new Set<number>();
const presenceSubscribers = new Set<() => void>();
let watchQueued = false;

function queueWatch() {
  if (watchQueued) return;
  watchQueued = true;
  queueMicrotask(() => {
    watchQueued = false;
    sendLive({ type: 'presence.watch', user_ids: [...watched.keys()] });
  });
}

function presenceChanged(next: Set<number>) {
  onlineNow = next;
  for (const fn of presenceSubscribers) fn();
}

onLiveEvent((e) => {
  if (e.type === 'hello') {
    if (watched.size > 0) queueWatch();
  } else if (e.type === 'presence.state') {
    presenceChanged(new Set(e.online_user_ids ?? []));
  } else if (e.type === 'presence' && e.user_id) {
    const next = new Set(onlineNow);
    if (e.online) next.add(e.user_id);
    else next.delete(e.user_id);
    presenceChanged(next);
  }
});

/** Starts watching id's presence; returns the function that stops. */
export function watchPresence(id: number): () => void {
  watched.set(id, (watched.get(id) ?? 0) + 1);
  if (watched.get(id) === 1) queueWatch();
  return () => {
    const n = (watched.get(id) ?? 1) - 1;
    if (n > 0) {
      watched.set(id, n);
      return;
    }
    watched.delete(id);
    queueWatch();
  };
}

export function subscribePresence(fn: () => void): () => void {
  presenceSubscribers.add(fn);
  return () => presenceSubscribers.delete(fn);
}

export function isOnline(id: number): boolean {
  return onlineNow.has(id);
}
