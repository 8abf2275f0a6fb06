import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createSessionStore, type SessionActions, type SessionState, type SessionStore } from './session';

export type Session = SessionState & SessionActions;

const SessionContext = createContext<Session | null>(null);

/** Provides useSession(): the current user and the sign-in actions (spec §4). */
export function SessionProvider({ children, store }: { children: ReactNode; store?: SessionStore }) {
  const [session] = useState(() => store ?? createSessionStore());
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);

  // The first user fetch, unless main.tsx started it already (start() runs it once).
  useEffect(() => {
    void session.start();
  }, [session]);

  const value = useMemo<Session>(
    () => ({
      ...state,
      refresh: session.refresh,
      exchange: session.exchange,
      login: session.login,
      logout: session.logout,
    }),
    [state, session],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used within a SessionProvider');
  return ctx;
}
