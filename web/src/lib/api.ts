import createClient from 'openapi-fetch';
import type { paths } from '@/api/schema';
import { takeEarlyRead } from './early-read';
import { currentLanguage, i18n } from './i18n';
import { showToast } from './toast';

/**
 * The typed API client (types generated from the server's OpenAPI document) and the generic
 * request helper of spec §8. Features call `request((api) => api.POST('/api/…', { body }))`.
 */
export const api = createClient<paths>({
  // openapi-fetch builds absolute Request objects; the app is always served by the API's origin.
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  credentials: 'same-origin',
  // Late-bound so tests can stub globalThis.fetch after this module loads. The first page's read may
  // already be under way from <head> (lib/early-read.ts).
  fetch: (input: Request) => takeEarlyRead(input) ?? globalThis.fetch(input),
});

// The server writes problem+json `message` in the request's language.
api.use({
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
    return request;
  },
});

export type ApiClient = typeof api;

/** A failed call: `message` is ready to show; `fieldErrors` maps a body field to its error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fieldErrors: Record<string, string>;
  readonly body?: unknown;

  constructor(message: string, status: number, opts: { code?: string; fieldErrors?: Record<string, string>; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = opts.code;
    this.fieldErrors = opts.fieldErrors ?? {};
    this.body = opts.body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Spec §8: the response's `message`, else its `error`, else 'Erro {status}'. A body that is not
 * JSON gives the status text (and 'Erro {status}' when there is none, as over HTTP/2).
 */
export function httpErrorMessage(status: number, statusText: string, body: unknown): string {
  const byStatus = i18n.t('common:api.errorStatus', { status });
  if (isRecord(body)) return text(body.message) ?? text(body.error) ?? byStatus;
  return text(statusText) ?? byStatus;
}

/** problem+json `errors: [{location: "body.email", message}]` → `{ email: message }`. */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(body) || !Array.isArray(body.errors)) return out;
  for (const item of body.errors) {
    if (!isRecord(item)) continue;
    const location = text(item.location);
    const message = text(item.message);
    if (!location || !message) continue;
    const field = location.replace(/^body\./, '');
    out[field] ??= message; // the first error per field is the one to fix first
  }
  return out;
}

/**
 * fetch rejects with a TypeError when no answer came (offline, DNS, refused, CORS, reset): the
 * message differs per browser ('Failed to fetch', 'NetworkError when attempting to fetch
 * resource.', 'Load failed', Node's 'fetch failed'). A TypeError from a bug in our own code
 * ("x is not a function") must not pass for one, so the message is checked too, or the browser
 * says it is offline. JSON parse failures are SyntaxErrors; a cancelled request is an AbortError.
 */
export function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  if (/failed to fetch|fetch failed|networkerror|network error|load failed|network connection/i.test(err.message)) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export interface RequestOptions {
  /** Show failures as an error toast titled 'Erro' (default true). */
  errorToast?: boolean;
  /** Show a success toast: true for the default text, or a custom text (default off). */
  successToast?: boolean | string;
}

type CallResult<T> = { data?: T; error?: unknown; response: Response };

export async function request<T>(
  call: (client: ApiClient) => Promise<CallResult<T>>,
  { errorToast = true, successToast = false }: RequestOptions = {},
): Promise<T> {
  try {
    const { data, error, response } = await call(api);
    if (!response.ok) {
      throw new ApiError(httpErrorMessage(response.status, response.statusText, error), response.status, {
        code: isRecord(error) ? text(error.code) : undefined,
        fieldErrors: fieldErrorsOf(error),
        body: error,
      });
    }
    if (successToast) {
      showToast({
        variant: 'success',
        title: i18n.t('common:api.successTitle'),
        description: typeof successToast === 'string' ? successToast : i18n.t('common:api.successDefault'),
      });
    }
    return data as T;
  } catch (err) {
    // No HTTP answer at all is spec §8's 'Network error'; anything else (bad JSON…) is 'Erro desconhecido'.
    const failure =
      err instanceof ApiError
        ? err
        : new ApiError(i18n.t(isNetworkFailure(err) ? 'common:api.networkError' : 'common:api.unknownError'), 0, {
            code: isNetworkFailure(err) ? 'network' : undefined,
            body: err,
          });
    if (errorToast) {
      showToast({ variant: 'error', title: i18n.t('common:api.errorTitle'), description: failure.message });
    }
    throw failure;
  }
}
