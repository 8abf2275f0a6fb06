import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import { DeleteAccountSection } from './DeleteAccountSection';

afterEach(() => vi.unstubAllGlobals());

describe('delete my account (GDPR)', () => {
  it('asks first, sends the optional reason, then shows the pending request', async () => {
    let pending = false;
    const api = mockApi([
      ['GET', '/api/profile/deletion', () => ok(pending ? { pending: true, requested_at: '2026-11-20T10:00:00Z' } : { pending: false })],
      [
        'POST',
        '/api/profile/deletion',
        () => {
          pending = true;
          return jsonResponse(201, { pending: true, requested_at: '2026-11-20T10:00:00Z' });
        },
      ],
    ]);
    renderPage(<DeleteAccountSection userId={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar a minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir a eliminação da sua conta?' });
    expect(api.to('POST', '/api/profile/deletion')).toHaveLength(0); // nothing sent before confirming
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Já não jogo.');
    await user.click(within(dialog).getByRole('button', { name: 'Pedir eliminação' }));
    expect(await screen.findByText(/O seu pedido de eliminação de .* aguarda o Super Admin principal\./)).toBeInTheDocument();
    expect(await api.to('POST', '/api/profile/deletion')[0].json()).toEqual({ reason: 'Já não jogo.' });
    expect(screen.queryByRole('button', { name: 'Eliminar a minha conta' })).toBeNull();
  });

  it('shows the refusal and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ['GET', '/api/profile/deletion', () => ok({ pending: false })],
      ['POST', '/api/profile/deletion', () => jsonResponse(403, { message: 'A conta do Super Admin principal não pode ser eliminada.' })],
    ]);
    renderPage(<DeleteAccountSection userId={1} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar a minha conta' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pedir eliminação' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('A conta do Super Admin principal não pode ser eliminada.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
