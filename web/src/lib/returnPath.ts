/**
 * Where to go after signing in. The path is remembered in sessionStorage before the browser leaves
 * for the identity provider (the same tab comes back to /auth/callback) and read once there.
 * Only same-origin relative paths are ever followed: one leading "/", never "//" or "/\" (which
 * browsers treat as protocol-relative), no scheme, no control characters — anything else is "/".
 */
const KEY = 'ladder.returnTo';

export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and whitespace can smuggle a second slash past the check above.
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return '/';
  try {
    // A last guard: resolved against a placeholder origin it must stay on that origin.
    const url = new URL(value, 'https://same.invalid');
    if (url.origin !== 'https://same.invalid') return '/';
    // The callback itself is never a destination (it would exchange a spent code).
    if (url.pathname.startsWith('/auth/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** Remembers the current page (or `path`) as the place to come back to after signing in. */
export function rememberReturnPath(path?: string): void {
  if (typeof window === 'undefined') return;
  // A retry from the callback page keeps the place remembered by the first attempt.
  if (path === undefined && window.location.pathname.startsWith('/auth/')) return;
  const here = path ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
  try {
    window.sessionStorage.setItem(KEY, safeReturnPath(here));
  } catch {
    // Storage refused (private mode quotas): the sign-in then ends on the home page.
  }
}

/** Reads and forgets the remembered path; "/" when there is none or it is not safe. */
export function takeReturnPath(): string {
  if (typeof window === 'undefined') return '/';
  try {
    const value = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return safeReturnPath(value);
  } catch {
    return '/';
  }
}
