import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/Toast';
import { SessionProvider } from '@/lib/SessionProvider';
import type { SessionUser } from '@/lib/user';
import { fakeSessionStore, jsonResponse, makeUser } from './session';

type Answer = Response | Promise<Response>;
type Handler = (request: Request, match: RegExpMatchArray) => Answer;
export type Route = [method: string, path: string | RegExp, handler: Handler];

/**
 * Stubs fetch with a small router of API answers: [method, path or regex, handler]. Every
 * request is recorded (cloned, so tests can read bodies); an unexpected one fails the test.
 */
export function mockApi(routes: Route[]) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    for (const [method, path, handler] of routes) {
      if (method !== request.method) continue;
      const match = typeof path === 'string' ? (pathname === path ? ([pathname] as RegExpMatchArray) : null) : pathname.match(path);
      if (match) return handler(request, match);
    }
    throw new Error(`unexpected request ${request.method} ${pathname}`);
  });
  vi.stubGlobal('fetch', fetch);
  /** Requests so far to `method path` (path compared to the pathname). */
  const to = (method: string, path: string | RegExp) =>
    requests.filter((r) => r.method === method && (typeof path === 'string' ? new URL(r.url).pathname === path : path.test(new URL(r.url).pathname)));
  return { fetch, requests, to };
}

export const ok = (body?: unknown) => jsonResponse(body === undefined ? 204 : 200, body);

/** Two districts with a few municipalities, as GET /api/geo/districts answers. */
export const DISTRICTS = {
  districts: [
    {
      code: 'porto',
      name: 'Porto',
      kind: 'district',
      municipalities: [
        { code: 'porto-matosinhos', name: 'Matosinhos' },
        { code: 'porto-porto', name: 'Porto' },
        { code: 'porto-vila-nova-de-gaia', name: 'Vila Nova de Gaia' },
      ],
    },
    { code: 'braga', name: 'Braga', kind: 'district', municipalities: [{ code: 'braga-braga', name: 'Braga' }] },
    { code: 'madeira', name: 'Região Autónoma da Madeira', kind: 'autonomous_region', municipalities: [{ code: 'madeira-funchal', name: 'Funchal' }] },
  ],
};

function Providers({ children, user }: { children: ReactNode; user: SessionUser | null }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  const store = fakeSessionStore({ user });
  return (
    <QueryClientProvider client={client}>
      <SessionProvider store={store}>
        <ToastProvider>{children}</ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/**
 * Renders routes in a data router (useBlocker needs one) with a query client, a signed-in
 * session and toasts. `at` is the first URL.
 */
export function renderRoutes(routes: RouteObject[], { at = '/', user = makeUser() }: { at?: string; user?: SessionUser | null } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const utils = render(
    <Providers user={user}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

/** One element at `/` (plus a marker page at every other path, to see navigations). */
export function renderPage(element: ReactElement, options: { at?: string; user?: SessionUser | null; path?: string } = {}) {
  const path = options.path ?? (options.at ? new URL(options.at, 'http://x').pathname : '/');
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    options,
  );
}
