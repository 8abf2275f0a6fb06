import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_CONFIRMATION_MS, ContactForm } from './ContactForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setup(type: 'contact' | 'support' = 'support') {
  const onSent = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm type={type} onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onSent };
}

function fill() {
  fireEvent.input(screen.getByLabelText('Nome'), { target: { value: 'Ana' } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ana@example.pt' } });
  fireEvent.input(screen.getByLabelText('Assunto'), { target: { value: 'Ajuda' } });
  fireEvent.input(screen.getByLabelText('Mensagem'), { target: { value: 'Não consigo entrar.' } });
}

const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Enviar mensagem' }).closest('form')!);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ContactForm (spec §4: editing → sending → sent)', () => {
  it('has four required fields, email typed as email', () => {
    setup();
    for (const label of ['Nome', 'Email', 'Assunto', 'Mensagem']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('sends, confirms, then closes after 2000 ms with the fields cleared', async () => {
    const reply = deferred<Response>();
    fetchMock.mockReturnValue(reply.promise);
    const { onSent } = setup('support');
    fill();
    submit();

    // sending: the button says so and the fields are locked
    expect(await screen.findByRole('button', { name: 'A enviar…' })).toBeDisabled();
    expect(screen.getByLabelText('Nome')).toBeDisabled();
    const sent: Request = fetchMock.mock.calls[0][0];
    expect(await sent.json()).toEqual({ name: 'Ana', email: 'ana@example.pt', subject: 'Ajuda', message: 'Não consigo entrar.', type: 'support' });

    // sent: the confirmation shows (fake timers from here, to step through the 2 s)
    vi.useFakeTimers();
    await act(async () => {
      reply.resolve(new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Mensagem enviada!');
    expect(onSent).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(CONTACT_CONFIRMATION_MS - 1));
    expect(onSent).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(CONTACT_CONFIRMATION_MS).toBe(2000);
    expect(onSent).toHaveBeenCalledTimes(1);

    // back to editing, with empty fields
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.getByLabelText('Mensagem')).toHaveValue('');
  });

  it('on a server failure logs, alerts "try again" and keeps the fields', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    setup();
    fill();
    submit();
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Não foi possível enviar a mensagem. Por favor, tente novamente.'));
    expect(log).toHaveBeenCalled();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled();
  });

  it('alerts on a network failure too', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setup();
    fill();
    submit();
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Não foi possível enviar a mensagem. Por favor, tente novamente.'));
  });

  it('shows per-field errors from problem+json next to the fields', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ status: 422, message: 'Alguns campos não estão corretos.', errors: [{ location: 'body.email', message: 'Introduza um endereço de email válido.' }] }),
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    setup();
    fill();
    submit();
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription('Introduza um endereço de email válido.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(alert).toHaveBeenCalledWith('Alguns campos não estão corretos.');

    // editing the field clears its error
    fireEvent.input(email, { target: { value: 'ana@example.org' } });
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
