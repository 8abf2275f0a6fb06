import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

const script = readFileSync(join(__dirname, '../../public/theme-init.js'), 'utf8');

/**
 * Opens `path` as the first page: runs public/theme-init.js there with fetch stubbed to answer
 * `body` (JSON). Returns the stub, so a test sees every network request the page then makes.
 */
export function firstLoadAt(path: string, body: unknown) {
  window.history.replaceState(null, '', path);
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchStub);
  new Function(script)();
  return fetchStub;
}

/** The URL (path and query) of each request the stub saw, whether a string or a Request. */
export function requestedUrls(fetchStub: ReturnType<typeof vi.fn>): string[] {
  return fetchStub.mock.calls.map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    return url.pathname + url.search;
  });
}

/** Forgets the first load's read and the stub (afterEach). */
export function resetFirstLoad() {
  window.__ladderEarlyRead = undefined;
  window.__ladderEarlyMe = undefined;
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/');
}
