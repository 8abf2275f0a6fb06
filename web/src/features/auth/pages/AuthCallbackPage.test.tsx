import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createSessionStore } from '@/lib/session';
import { SessionProvider } from '@/lib/SessionProvider';
import { jsonResponse, makeUser } from '@/test/session';
import AuthCallbackPage from './AuthCallbackPage';

let fetchMock: Mock<(req: Request) => Promise<Response>>;
beforeEach(() => {
  fetchMock = vi.fn<(req: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const log = () => ({ error: vi.fn(), debug: vi.fn() });

function renderCallback(search: string) {
  const store = createSessionStore({ log: log(), assign: vi.fn() });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/challenges', element: <p>challenges</p> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
    ],
    { initialEntries: [`/auth/callback${search}`] },
  );
  render(
    <StrictMode>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  );
  return { router, store };
}

const posts = () => fetchMock.mock.calls.filter(([req]) => req.method === 'POST');

describe('AuthCallbackPage', () => {
  it('without a code says so and posts nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'no' }));
    renderCallback('?state=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Nenhum código fornecido nos parâmetros do URL.');
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled()); // only the session's user fetch
    expect(posts()).toHaveLength(0);
  });

  it("shows a provider's cancellation as such, with its code and description as text, and posts nothing", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'no' }));
    renderCallback('?error=access_denied&error_description=End-User%20aborted%20%3Cb%3Einteraction%3C%2Fb%3E&state=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('O início de sessão foi cancelado no fornecedor de identidade.');
    expect(screen.queryByText(/Nenhum código/)).toBeNull();
    const detail = screen.getByTestId('provider-error');
    expect(detail).toHaveTextContent('Resposta do fornecedor: access_denied — End-User aborted <b>interaction</b>');
    expect(detail.querySelector('b')).toBeNull(); // text, never markup
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(posts()).toHaveLength(0);
  });

  it('shows any other provider error as a refusal, even next to a code, and posts nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'no' }));
    renderCallback(`?error=server_error&code=c0de&error_description=${'x'.repeat(400)}`);
    expect(screen.getByRole('alert')).toHaveTextContent('O fornecedor de identidade não concluiu o início de sessão.');
    expect(screen.getByTestId('provider-error').textContent!.length).toBeLessThan(360);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(posts()).toHaveLength(0);
  });

  it('posts the code once under StrictMode, fetches the user again and goes home', async () => {
    const pedro = makeUser();
    let signedIn = false;
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.method === 'POST') {
        signedIn = true;
        return jsonResponse(201, pedro);
      }
      return signedIn ? jsonResponse(200, pedro) : jsonResponse(401, { message: 'no' });
    });
    const { router, store } = renderCallback('?code=c0de&state=st4te');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A finalizar o login…');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posts()).toHaveLength(1);
    expect(await posts()[0][0].clone().json()).toEqual({ code: 'c0de', state: 'st4te' });
    expect(store.getState().user).toEqual(pedro);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['/challenges', '/challenges'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
  ])('after signing in goes back to the remembered %s (ends on %s)', async (remembered, want) => {
    const pedro = makeUser();
    let signedIn = false;
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.method === 'POST') {
        signedIn = true;
        return jsonResponse(201, pedro);
      }
      return signedIn ? jsonResponse(200, pedro) : jsonResponse(401, { message: 'no' });
    });
    sessionStorage.setItem('ladder.returnTo', remembered);
    const { router } = renderCallback('?code=c0de&state=st4te');
    await waitFor(() => expect(router.state.location.pathname).toBe(want));
    expect(sessionStorage.getItem('ladder.returnTo')).toBeNull();
  });

  it("shows the server's translated message with a way home and a retry", async () => {
    fetchMock.mockImplementation(async (req: Request) =>
      req.method === 'POST'
        ? jsonResponse(400, { message: 'O início de sessão expirou ou não foi iniciado neste navegador.', code: 'auth.bad_state' })
        : new URL(req.url).pathname === '/api/users/me'
          ? jsonResponse(401, { message: 'no' })
          : jsonResponse(200, { redirectUrl: 'https://idp.example/' }),
    );
    renderCallback('?code=old&state=x');
    expect(await screen.findByRole('alert')).toHaveTextContent('O início de sessão expirou ou não foi iniciado neste navegador.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Não foi possível entrar');
    expect(posts()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([req]) => req.url.includes('/api/oauth/google/redirect_url'))).toBe(true),
    );
  });
});
