import { takeEarlyMe } from './early-read';
import { currentLanguage } from './i18n';
import type { SessionUser } from './user';
import { rememberReturnPath } from './returnPath';

export type { SessionUser } from './user';

/**
 * The session of spec §4, as a small store outside React (SessionProvider renders it; tests drive
 * it directly):
 * - `user` starts empty; `initialLoading` stays true until the first user fetch settles, success
 *   or failure; `fetching` is true while a fetch runs;
 * - concurrent fetches share one request, and so do concurrent code exchanges and login
 *   redirects (React StrictMode runs effects twice: the code is still posted once);
 * - logout clears the local user first, then tells the server;
 * - after a successful code exchange the user is fetched again.
 *
 * Every sign-in change (exchange, logout) starts a new "epoch": a fetch that began before it
 * cannot write its now stale answer, and the next refresh() does not join it.
 *
 * Bundle note: this module is part of every page's first load, so the user fetch is a plain
 * fetch and the typed client (lib/api.ts, openapi-fetch) loads only when a sign-in action runs.
 */
const loadApi = () => import('./api');
export interface SessionState {
  user: SessionUser | null;
  initialLoading: boolean;
  fetching: boolean;
}

export interface SessionActions {
  /** Fetches the current user (GET /api/users/me); concurrent calls share one request. */
  refresh: () => Promise<SessionUser | null>;
  /** Exchanges the sign-in code (POST /api/sessions), then fetches the user again. */
  exchange: (code: string | null | undefined, state?: string | null) => Promise<SessionUser | null>;
  /** Sends the browser to the identity provider. */
  login: (loginHint?: string) => Promise<void>;
  /** Clears the local user, then ends the session on the server. */
  logout: () => Promise<void>;
}

export interface SessionStore extends SessionActions {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /**
   * The first user fetch, once: later calls return the same promise. main.tsx starts it before the
   * first render and SessionProvider on mount (tests), whichever comes first.
   */
  start: () => Promise<SessionUser | null>;
}

/** Spec §5: the code exchange needs `code` in the URL. */
export const NO_CODE_MESSAGE = 'No code provided in the URL search params';

/** A session failure: `status` is the HTTP status (0 without an answer), `code` a stable key. */
export class SessionError extends Error {
  readonly status: number;
  readonly code?: string;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'SessionError';
    this.status = status;
    this.code = code;
  }
}

export interface SessionStoreOptions {
  /** Where login() sends the browser; window.location.assign by default. */
  assign?: (url: string) => void;
  /** Where failures are logged (spec §8: "logged only"); console by default. */
  log?: Pick<Console, 'error' | 'debug'>;
}

/** Reads a response's body to its end and drops it; never throws (test doubles may lack a body). */
async function drain(response: Response): Promise<void> {
  try {
    await response.text();
  } catch {
    // nothing to read, or the read failed: either way the request is over
  }
}

export function createSessionStore({
  assign = (url) => window.location.assign(url),
  log = console,
}: SessionStoreOptions = {}): SessionStore {
  let state: SessionState = { user: null, initialLoading: true, fetching: false };
  const listeners = new Set<() => void>();
  let epoch = 0;
  let fetchInFlight: { epoch: number; promise: Promise<SessionUser | null> } | null = null;
  let exchangeInFlight: Promise<SessionUser | null> | null = null;
  let loginInFlight: Promise<void> | null = null;
  let fetchedOnce = false;

  function set(patch: Partial<SessionState>) {
    const next = { ...state, ...patch };
    if ((Object.keys(patch) as (keyof SessionState)[]).every((k) => next[k] === state[k])) return;
    state = next;
    for (const listener of listeners) listener();
  }

  /** first: the store's first fetch, which takes public/theme-init.js's read when there is one. */
  async function fetchMe(first: boolean): Promise<SessionUser> {
    let response: Response;
    let user: SessionUser;
    try {
      const lang = currentLanguage();
      const ask = () =>
        globalThis.fetch(
          new Request(new URL('/api/users/me', window.location.origin), {
            credentials: 'same-origin',
            headers: { Accept: 'application/json', 'Accept-Language': lang },
          }),
        );
      response = await ((first ? takeEarlyMe(lang, ask) : undefined) ?? ask());
      if (!response.ok) {
        // Read the small error body to its end (ignored): an unread body leaves the request open
        // in the browser's eyes, so a tool waiting for a quiet network (Lighthouse) waits for it
        // until its 45 s limit on every visitor's page load.
        void drain(response);
        throw new SessionError(`User fetch failed with HTTP ${response.status}`, response.status);
      }
      user = (await response.json()) as SessionUser;
    } catch (error) {
      if (error instanceof SessionError) throw error;
      throw Object.assign(new SessionError('User fetch failed: no response', 0), { cause: error });
    }
    return user;
  }

  function refresh(): Promise<SessionUser | null> {
    if (fetchInFlight && fetchInFlight.epoch === epoch) return fetchInFlight.promise;
    const mine = epoch;
    const first = !fetchedOnce;
    fetchedOnce = true;
    set({ fetching: true });
    const promise: Promise<SessionUser | null> = fetchMe(first).then(
      (user) => {
        if (mine === epoch) set({ user });
        return state.user;
      },
      (error: SessionError) => {
        // 401 is the normal answer for a visitor, not worth an error in the console.
        if (error.status === 401) log.debug('Not signed in (HTTP 401)');
        else log.error(error);
        // A 401 means there is no session (any more); other failures leave the user as it was.
        if (mine === epoch && error.status === 401) set({ user: null });
        return state.user;
      },
    );
    const entry = { epoch: mine, promise };
    fetchInFlight = entry;
    void promise.finally(() => {
      // The latest fetch settling ends the loading states; an older one (stale epoch) does not.
      if (fetchInFlight !== entry) return;
      fetchInFlight = null;
      set({ fetching: false, initialLoading: false });
    });
    return promise;
  }

  function exchange(code: string | null | undefined, sessionState?: string | null): Promise<SessionUser | null> {
    if (!code) {
      const error = new SessionError(NO_CODE_MESSAGE, 0, 'auth.no_code');
      log.error(error);
      return Promise.reject(error);
    }
    if (exchangeInFlight) return exchangeInFlight;
    const body = sessionState ? { code, state: sessionState } : { code };
    const post = () =>
      loadApi().then(({ request }) => request((client) => client.POST('/api/sessions', { body }), { errorToast: false }));
    const promise = post().then(
      () => {
        epoch++; // whatever was fetched before the sign-in is stale now
        return refresh();
      },
      (error: unknown) => {
        log.error('Code exchange failed', error); // spec §8: logged, no refetch
        throw error;
      },
    );
    exchangeInFlight = promise;
    void promise.then(
      () => (exchangeInFlight = null),
      () => (exchangeInFlight = null),
    );
    return promise;
  }

  function login(loginHint?: string): Promise<void> {
    // Two redirect URLs would set two flow cookies and the first would then fail its state check.
    if (loginInFlight) return loginInFlight;
    // Signing in comes back to the page it started from (the callback reads it).
    rememberReturnPath();
    const query = loginHint ? { login_hint: loginHint } : {};
    loginInFlight = loadApi()
      .then(({ request }) => request((client) => client.GET('/api/oauth/google/redirect_url', { params: { query } }), { errorToast: false }))
      .then(({ redirectUrl }) => assign(redirectUrl))
      .catch((error: unknown) => log.error('Login redirect failed', error)) // spec §8: logged, no redirect
      .finally(() => (loginInFlight = null));
    return loginInFlight;
  }

  async function logout(): Promise<void> {
    epoch++;
    set({ user: null });
    try {
      const { request } = await loadApi();
      await request((client) => client.POST('/api/logout'), { errorToast: false });
    } catch (error) {
      log.error('Logout failed', error); // spec §8: logged; the local user is already cleared
    }
  }

  let started: Promise<SessionUser | null> | null = null;
  return {
    getState: () => state,
    start: () => (started ??= refresh()),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,
    exchange,
    login,
    logout,
  };
}
