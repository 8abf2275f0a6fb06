import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/SessionProvider';
import { fakeSessionStore, makeUser } from '@/test/session';
import { SignedInOnly } from './SignedInOnly';

function renderAt(path: string, store: ReturnType<typeof fakeSessionStore>) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { element: <SignedInOnly />, children: [{ path: '/profile', element: <p>profile</p> }] },
      { element: <SignedInOnly role="superadmin" />, children: [{ path: '/super-admins', element: <p>super admins</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider store={store}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

describe('SignedInOnly', () => {
  it('shows the spinner until the first user fetch settles, then asks visitors to sign in where they are', async () => {
    const store = fakeSessionStore({ initialLoading: true });
    const router = renderAt('/profile', store);
    expect(screen.getByRole('status')).toHaveTextContent('A carregar…');
    act(() => store.setState({ initialLoading: false }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Inicie sessão para continuar');
    expect(screen.queryByText('profile')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(store.login).toHaveBeenCalledTimes(1);
  });

  it('lets signed-in users in', () => {
    renderAt('/profile', fakeSessionStore({ user: makeUser() }));
    expect(screen.getByText('profile')).toBeVisible();
  });

  it("shows 'Access Denied' to non-super-admins on /super-admins", () => {
    renderAt('/super-admins', fakeSessionStore({ user: makeUser({ role: 'admin' }) }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acesso Negado');
    expect(screen.queryByText('super admins')).toBeNull();
  });

  it('opens /super-admins to super admins', () => {
    renderAt('/super-admins', fakeSessionStore({ user: makeUser({ role: 'superadmin' }) }));
    expect(screen.getByText('super admins')).toBeVisible();
  });
});
