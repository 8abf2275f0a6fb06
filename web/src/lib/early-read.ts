/**
 * The first page's API read, started by public/theme-init.js from <head> (issue 16): the data pages
 * a phone opens first (/tournaments, /tournaments/:id) would otherwise ask for their data only once
 * their lazy code has rendered, one request after the frame paints. The typed client's fetch
 * (lib/api.ts) takes that response for the first GET of the very same URL, so each page keeps its
 * own query keys, fetchers and error handling; everything else goes to the network as before.
 */
export interface EarlyRead {
  /** Path and query, e.g. '/api/tournaments?limit=24'. */
  url: string;
  /** Date.now() when the read started. */
  at: number;
  /** The Accept-Language it was asked with. */
  lang?: string;
  response: Promise<Response>;
}

/** The signed-in user's read (GET /api/users/me), started by public/theme-init.js on every page. */
export type EarlyMe = Omit<EarlyRead, 'url'>;

declare global {
  interface Window {
    __ladderEarlyRead?: EarlyRead;
    __ladderEarlyMe?: EarlyMe;
  }
}

/**
 * A response older than this is not handed out: it belongs to a first load, and a page asking for
 * the same URL much later (after navigating around) must see fresh data.
 */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/**
 * The early response for request when it is the first GET of the early URL in the same language
 * (the read is used once, then forgotten), else undefined. Any other method forgets it unused: a
 * sign-in, sign-out or other change may make the response answer for someone else's view. A
 * failed early read falls back to the network.
 */
export function takeEarlyRead(request: Request, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__ladderEarlyRead;
  if (!early) return undefined;
  if (request.method !== 'GET') {
    window.__ladderEarlyRead = undefined;
    return undefined;
  }
  const url = new URL(request.url);
  if (url.origin !== window.location.origin || url.pathname + url.search !== early.url) return undefined;
  window.__ladderEarlyRead = undefined;
  const lang = request.headers.get('Accept-Language');
  if (now - early.at > EARLY_READ_MAX_AGE_MS || (early.lang && lang && lang !== early.lang)) return discard(early);
  return early.response.catch(() => globalThis.fetch(request));
}

/**
 * The head's GET /api/users/me for the session's first user fetch, once (then forgotten), when it
 * was asked in `lang`; else undefined. No age limit: it is always the page's first fetch, however
 * slowly the scripts arrived. A failed early read runs `fallback` instead.
 */
export function takeEarlyMe(lang: string, fallback: () => Promise<Response>): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__ladderEarlyMe;
  window.__ladderEarlyMe = undefined;
  if (!early) return undefined;
  if (early.lang && early.lang !== lang) return discard(early);
  return early.response.catch(fallback);
}

/**
 * Reads a refused early response to its end: an unread body leaves the request open in the
 * browser's eyes (a tool waiting for a quiet network waits for it). Returns undefined.
 */
function discard(early: EarlyMe): undefined {
  void early.response.then((r) => r.text()).catch(() => undefined);
  return undefined;
}
