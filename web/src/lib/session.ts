import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from './toast';

/**
 * The session seam. Sign-in arrives in the next issue: it will replace these with a provider that
 * fetches /api/users/me (spec §4 "Session"). Until then every visitor is signed out.
 */
export interface SessionUser {
  role: 'player' | 'admin' | 'superadmin';
  email: string;
  photo_url?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export interface Session {
  user: SessionUser | null;
  /** True until the first user fetch settles (spec §4). */
  initialLoading: boolean;
}

const SIGNED_OUT: Session = { user: null, initialLoading: false };

export function useSession(): Session {
  return SIGNED_OUT;
}

/** What the Login and sign-up buttons do. For now: say sign-in is coming soon. */
export function useSignIn(): () => void {
  const { t } = useTranslation();
  return useCallback(() => {
    showToast({ variant: 'info', title: t('auth.loginSoonTitle'), description: t('auth.loginSoonBody') });
  }, [t]);
}
