import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { deferred, jsonResponse, makeUser } from '@/test/session';
import { ApiError } from './api';
import { currentLanguage } from './i18n';
import { createSessionStore, NO_CODE_MESSAGE, SessionError } from './session';
import { SessionProvider, useSession } from './SessionProvider';

let fetchMock: Mock<(req: Request) => Promise<Response>>;
beforeEach(() => {
  fetchMock = vi.fn<(req: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([req]) => req.method === method && new URL(req.url).pathname === path);

const quietLog = () => ({ error: vi.fn(), debug: vi.fn() });
const pedro = makeUser();

describe('session store (spec §4)', () => {
  it('starts empty with initialLoading true and not fetching', () => {
    const store = createSessionStore({ log: quietLog() });
    expect(store.getState()).toEqual({ user: null, initialLoading: true, fetching: false });
  });

  it('merges two concurrent refreshes into one fetch; fetching is true meanwhile', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValue(answer.promise);
    const store = createSessionStore({ log: quietLog() });

    const a = store.refresh();
    const b = store.refresh();
    expect(a).toBe(b);
    expect(store.getState().fetching).toBe(true);
    expect(store.getState().initialLoading).toBe(true);

    answer.resolve(jsonResponse(200, pedro));
    await expect(a).resolves.toEqual(pedro);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls('GET', '/api/users/me')).toHaveLength(1);
    await waitFor(() => expect(store.getState()).toEqual({ user: pedro, initialLoading: false, fetching: false }));

    // Once settled, a new refresh is a new request.
    fetchMock.mockResolvedValue(jsonResponse(200, pedro));
    await store.refresh();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('start() is the first fetch, once: a provider mounting after main.tsx started it asks no more', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, pedro));
    const store = createSessionStore({ log: quietLog() });
    const first = store.start();
    expect(store.start()).toBe(first);
    await expect(first).resolves.toEqual(pedro);
    render(
      <StrictMode>
        <SessionProvider store={store}>
          <p>page</p>
        </SessionProvider>
      </StrictMode>,
    );
    await screen.findByText('page');
    expect(calls('GET', '/api/users/me')).toHaveLength(1);
  });

  it('takes the user read that <head> started for its first fetch only (issue 16)', async () => {
    window.__ladderEarlyMe = { at: Date.now(), lang: currentLanguage(), response: Promise.resolve(jsonResponse(200, pedro)) };
    const store = createSessionStore({ log: quietLog() });
    await expect(store.refresh()).resolves.toEqual(pedro);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__ladderEarlyMe).toBeUndefined();
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'auth.required' }));
    await expect(store.refresh()).resolves.toBeNull();
    expect(calls('GET', '/api/users/me')).toHaveLength(1);
  });

  it('clears initialLoading when the first fetch fails; the user stays empty; the failure is logged with its status', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'boom', code: 'http.internal' }));
    const log = quietLog();
    const store = createSessionStore({ log });
    await expect(store.refresh()).resolves.toBeNull();
    await waitFor(() => expect(store.getState()).toEqual({ user: null, initialLoading: false, fetching: false }));
    expect(log.error).toHaveBeenCalledTimes(1);
    const error = log.error.mock.calls[0][0] as SessionError;
    expect(error).toBeInstanceOf(SessionError);
    expect(error.status).toBe(500);
    expect(error.message).toContain('500');
  });

  it('reads the body of a failed answer to its end, so the browser sees the request finish (Lighthouse waits for it)', async () => {
    const answer = jsonResponse(401, { message: 'Precisa de iniciar sessão.' });
    fetchMock.mockResolvedValueOnce(answer);
    await createSessionStore({ log: quietLog() }).refresh();
    await waitFor(() => expect(answer.bodyUsed).toBe(true));
  });

  it('treats 401 as signed out (logged at debug level) and a network failure as status 0', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Precisa de iniciar sessão.' }));
    const log = quietLog();
    const store = createSessionStore({ log });
    await store.refresh();
    expect(log.debug).toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
    expect(store.getState().user).toBeNull();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.refresh();
    expect((log.error.mock.calls[0][0] as SessionError).status).toBe(0);
  });

  it('merges two concurrent code exchanges into one POST, then fetches the user again', async () => {
    const posted = deferred<Response>();
    fetchMock.mockImplementation((req: Request) =>
      req.method === 'POST' ? posted.promise : Promise.resolve(jsonResponse(200, pedro)),
    );
    const store = createSessionStore({ log: quietLog() });
    const a = store.exchange('the-code', 'the-state');
    const b = store.exchange('the-code', 'the-state');
    expect(a).toBe(b);
    posted.resolve(jsonResponse(201, pedro));
    await expect(a).resolves.toEqual(pedro);

    const posts = calls('POST', '/api/sessions');
    expect(posts).toHaveLength(1);
    expect(await posts[0][0].clone().json()).toEqual({ code: 'the-code', state: 'the-state' });
    expect(calls('GET', '/api/users/me')).toHaveLength(1);
    expect(store.getState().user).toEqual(pedro);
  });

  it('does not let a fetch that started before the exchange overwrite the signed-in user', async () => {
    const stale = deferred<Response>();
    let gets = 0;
    fetchMock.mockImplementation((req: Request) => {
      if (req.method === 'POST') return Promise.resolve(jsonResponse(201, pedro));
      gets += 1;
      return gets === 1 ? stale.promise : Promise.resolve(jsonResponse(200, pedro));
    });
    const store = createSessionStore({ log: quietLog() });
    void store.refresh(); // the provider's first fetch, still waiting
    await store.exchange('code', 'state');
    expect(store.getState().user).toEqual(pedro);
    stale.resolve(jsonResponse(401, { message: 'no' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().user).toEqual(pedro);
    expect(store.getState().initialLoading).toBe(false);
  });

  it('logs an exchange failure, does not refetch, and rejects with the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'O início de sessão expirou.', code: 'auth.bad_state' }));
    const log = quietLog();
    const store = createSessionStore({ log });
    const failure = await store.exchange('code', 'state').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('O início de sessão expirou.');
    expect((failure as ApiError).code).toBe('auth.bad_state');
    expect(log.error).toHaveBeenCalled();
    expect(calls('GET', '/api/users/me')).toHaveLength(0);
  });

  it('refuses to exchange without a code, without calling the server', async () => {
    const store = createSessionStore({ log: quietLog() });
    await expect(store.exchange(null)).rejects.toThrow(NO_CODE_MESSAGE);
    await expect(store.exchange('')).rejects.toMatchObject({ code: 'auth.no_code' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logout clears the user before the server call resolves; a failure is only logged', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, pedro));
    const log = quietLog();
    const store = createSessionStore({ log });
    await store.refresh();
    expect(store.getState().user).toEqual(pedro);

    const server = deferred<Response>();
    fetchMock.mockReturnValueOnce(server.promise);
    const done = store.logout();
    expect(store.getState().user).toBeNull(); // synchronously, before any answer
    await waitFor(() => expect(calls('POST', '/api/logout')).toHaveLength(1)); // the server call is pending…
    expect(store.getState().user).toBeNull(); // …and the user is already gone
    server.resolve(jsonResponse(500, { message: 'boom' }));
    await done;
    expect(log.error).toHaveBeenCalledWith('Logout failed', expect.any(ApiError));
    expect(store.getState().user).toBeNull();
  });

  it('login sends the browser to the redirect URL (with login_hint), merging double clicks', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { redirectUrl: 'https://idp.example/auth?x=1' })));
    const assign = vi.fn();
    const store = createSessionStore({ assign, log: quietLog() });
    await Promise.all([store.login('ana@example.pt'), store.login('ana@example.pt')]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('https://idp.example/auth?x=1');
    const [req] = calls('GET', '/api/oauth/google/redirect_url')[0] as [Request];
    expect(new URL(req.url).searchParams.get('login_hint')).toBe('ana@example.pt');
  });

  it('a failed login redirect is logged and does not navigate', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { message: 'indisponível' }));
    const assign = vi.fn();
    const log = quietLog();
    await createSessionStore({ assign, log }).login();
    expect(assign).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith('Login redirect failed', expect.any(ApiError));
  });
});

function Probe() {
  const { user, initialLoading, fetching } = useSession();
  return (
    <p data-testid="probe">
      {initialLoading ? 'loading' : 'ready'} {fetching ? 'fetching' : 'idle'} {user?.display_name ?? 'nobody'}
    </p>
  );
}

describe('SessionProvider', () => {
  it('fetches the user once on mount, even under StrictMode', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, pedro)));
    render(
      <StrictMode>
        <SessionProvider store={createSessionStore({ log: quietLog() })}>
          <Probe />
        </SessionProvider>
      </StrictMode>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('loading fetching nobody');
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('ready idle Pedro Santos'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears initialLoading after a failed first fetch', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'no' }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('ready idle nobody'));
  });

  it('logout through the hook empties the user at once', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, pedro));
    const server = deferred<Response>();
    fetchMock.mockReturnValueOnce(server.promise);
    const store = createSessionStore({ log: quietLog() });
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }) => <SessionProvider store={store}>{children}</SessionProvider>,
    });
    await waitFor(() => expect(result.current.user).toEqual(pedro));
    act(() => void result.current.logout());
    expect(result.current.user).toBeNull();
    await act(async () => server.resolve(new Response(null, { status: 204 })));
  });

  it('useSession throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useSession must be used within a SessionProvider');
  });
});
