import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import type { SessionState, SessionStore } from '@/lib/session';
import { SessionProvider } from '@/lib/SessionProvider';
import type { SessionUser } from '@/lib/user';

type Capability = SessionUser['capabilities'][number];
const ADMIN: Capability[] = ['play', 'adminPanel', 'suspendUsers', 'changeToPlayer', 'listPlayers'];
const SUPER: Capability[] = [...ADMIN, 'setAdmin', 'validateClubsTournaments', 'validateResults', 'allStatistics', 'transferUsers', 'requestDeletions', 'superAdminsPage', 'playersPanel',
  'systemLogs', 'systemPanel', 'viewDashboard'];

/**
 * The capabilities the server's policy gives each role (test data: the app itself only reads
 * `capabilities`; internal/policy TestCapabilities holds the rule).
 */
function serverCapabilities(role: SessionUser['role'], root: boolean): Capability[] {
  // Root decides deletions, so it does not request them.
  if (role === 'superadmin') return root ? [...SUPER.filter((c) => c !== 'requestDeletions'), 'manageSuperAdmins', 'approveDeletions'] : SUPER;
  return role === 'admin' ? ADMIN : ['play'];
}

/** A user as GET /api/users/me returns it; override what the test cares about. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const role = overrides.role ?? 'player';
  return {
    capabilities: serverCapabilities(role, overrides.is_root ?? false),
    id: 7,
    email: 'pedro@example.pt',
    role: 'player',
    status: 'active',
    first_name: 'Pedro',
    last_name: 'Santos',
    display_name: 'Pedro Santos',
    photo_url: '',
    given_name: 'Pedro',
    is_root: false,
    ...overrides,
  };
}

/** A session store with a fixed state and spy actions (no requests). */
export function fakeSessionStore(state: Partial<SessionState> = {}): SessionStore & { setState: (s: Partial<SessionState>) => void } {
  let current: SessionState = { user: null, initialLoading: false, fetching: false, ...state };
  const listeners = new Set<() => void>();
  return {
    getState: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState(patch) {
      current = { ...current, ...patch };
      listeners.forEach((l) => l());
    },
    refresh: vi.fn(async () => current.user),
    start: vi.fn(async () => current.user),
    exchange: vi.fn(async () => current.user),
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
  };
}

/** Renders inside a SessionProvider driven by `store`. */
export function renderWithSession(ui: ReactElement, store: SessionStore, options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => <SessionProvider store={store}>{children}</SessionProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}

/** A JSON (or problem+json) response. */
export function jsonResponse(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
