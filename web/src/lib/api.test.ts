import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fieldErrorsOf, httpErrorMessage, request } from './api';
import { i18n } from './i18n';
import { getToasts } from './toast';

const body = { name: 'Ana', email: 'ana@example.pt', subject: 'Olá', message: 'Teste', type: 'contact' as const };

function respond(status: number, payload: unknown, init: { statusText?: string; type?: string } = {}) {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return new Response(text, {
    status,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': init.type ?? 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const post = () => request((api) => api.POST('/api/contact', { body }));

describe('httpErrorMessage (spec §8)', () => {
  it('prefers the body message, then error, then "Erro {status}"', () => {
    expect(httpErrorMessage(422, 'Unprocessable', { message: 'Email inválido', error: 'x' })).toBe('Email inválido');
    expect(httpErrorMessage(400, 'Bad Request', { error: 'Pedido mau' })).toBe('Pedido mau');
    expect(httpErrorMessage(500, 'Internal Server Error', {})).toBe('Erro 500');
    expect(httpErrorMessage(500, 'Internal Server Error', { message: '' })).toBe('Erro 500');
  });

  it('uses the status text when the body is not JSON, else "Erro {status}"', () => {
    expect(httpErrorMessage(502, 'Bad Gateway', '<html>')).toBe('Bad Gateway');
    expect(httpErrorMessage(502, '', '<html>')).toBe('Erro 502');
  });

  it('is translated', async () => {
    await i18n.changeLanguage('en');
    expect(httpErrorMessage(503, '', {})).toBe('Error 503');
  });
});

describe('fieldErrorsOf', () => {
  it('maps problem+json errors by field, first message wins', () => {
    expect(
      fieldErrorsOf({
        errors: [
          { location: 'body.email', message: 'Email inválido', value: 'x' },
          { location: 'body.email', message: 'segundo' },
          { location: 'body.name', message: 'Obrigatório' },
          { message: 'sem local' },
        ],
      }),
    ).toEqual({ email: 'Email inválido', name: 'Obrigatório' });
    expect(fieldErrorsOf('oops')).toEqual({});
  });
});

describe('request', () => {
  it('returns the data and sends JSON with Accept-Language', async () => {
    fetchMock.mockResolvedValue(respond(201, { id: 7 }));
    await expect(post()).resolves.toEqual({ id: 7 });
    const sent: Request = fetchMock.mock.calls[0][0];
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).pathname).toBe('/api/contact');
    expect(sent.headers.get('Accept-Language')).toBe('pt');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(await sent.json()).toEqual(body);
    expect(getToasts()).toEqual([]); // no success toast by default
  });

  it('sends the current language after a switch', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(respond(201, { id: 1 }));
    await post();
    expect(fetchMock.mock.calls[0][0].headers.get('Accept-Language')).toBe('en');
  });

  it('shows the server message in an error toast titled "Erro" and throws ApiError', async () => {
    fetchMock.mockResolvedValue(
      respond(
        422,
        { status: 422, title: 'Unprocessable Entity', message: 'Alguns campos não estão corretos.', code: 'validation.failed', errors: [{ location: 'body.email', message: 'Email inválido' }] },
        { type: 'application/problem+json' },
      ),
    );
    const error = await post().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation.failed', message: 'Alguns campos não estão corretos.', fieldErrors: { email: 'Email inválido' } });
    expect(getToasts()).toMatchObject([{ variant: 'error', title: 'Erro', description: 'Alguns campos não estão corretos.' }]);
  });

  it('falls back to "Erro {status}" and to the status text', async () => {
    fetchMock.mockResolvedValueOnce(respond(500, {}));
    await expect(post()).rejects.toMatchObject({ message: 'Erro 500' });
    fetchMock.mockResolvedValueOnce(respond(502, 'upstream down', { statusText: 'Bad Gateway', type: 'text/plain' }));
    await expect(post()).rejects.toMatchObject({ message: 'Bad Gateway' });
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed'])(
    'says "Erro de rede" when the request never got an answer (%s)',
    async (message) => {
      fetchMock.mockRejectedValue(new TypeError(message));
      await expect(post()).rejects.toMatchObject({ status: 0, code: 'network', message: 'Erro de rede' });
      expect(getToasts()).toMatchObject([{ variant: 'error', title: 'Erro', description: 'Erro de rede' }]);
    },
  );

  it('keeps "Erro desconhecido" for failures that are not the network (a bug, bad JSON)', async () => {
    fetchMock.mockRejectedValue(new TypeError('x.map is not a function'));
    await expect(post()).rejects.toMatchObject({ status: 0, message: 'Erro desconhecido' });
    fetchMock.mockRejectedValue(new SyntaxError('Unexpected token < in JSON'));
    await expect(post()).rejects.toMatchObject({ status: 0, message: 'Erro desconhecido' });
  });

  it('can skip the error toast', async () => {
    fetchMock.mockResolvedValue(respond(500, { message: 'falhou' }));
    await expect(request((api) => api.POST('/api/contact', { body }), { errorToast: false })).rejects.toThrow('falhou');
    expect(getToasts()).toEqual([]);
  });

  it('shows an optional success toast, default text or custom', async () => {
    fetchMock.mockResolvedValue(respond(201, { id: 1 }));
    await request((api) => api.POST('/api/contact', { body }), { successToast: true });
    expect(getToasts()).toMatchObject([{ variant: 'success', title: 'Sucesso', description: 'Operação realizada com sucesso' }]);
    fetchMock.mockResolvedValue(respond(201, { id: 2 }));
    await request((api) => api.POST('/api/contact', { body }), { successToast: 'Enviado' });
    expect(getToasts()[1]).toMatchObject({ description: 'Enviado' });
  });
});
