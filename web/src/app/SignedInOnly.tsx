import { LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { isAdminOrAbove, isSuperAdmin, type SessionUser } from '@/lib/user';

export type Requirement = 'admin' | 'superadmin';

const allowed: Record<Requirement, (user: SessionUser) => boolean> = {
  admin: isAdminOrAbove,
  superadmin: isSuperAdmin,
};

/** Spec §2: 'Access Denied' for pages the account's role does not open. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-surface-2 text-danger" aria-hidden="true">
        <ShieldAlert className="h-8 w-8" />
      </span>
      <PageTitle title={t('accessDenied.title')} />
      <p className="mt-4 text-lg text-muted">{t('accessDenied.body')}</p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}

/**
 * What a visitor sees on a signed-in page: why it is closed and a sign-in button. The address stays
 * the page's own, so signing in (which remembers the current page, lib/returnPath) comes back here.
 */
export function SignInRequired() {
  const { t } = useTranslation();
  const { login } = useSession();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-surface-2 text-brand" aria-hidden="true">
        <LogIn className="h-8 w-8" />
      </span>
      <PageTitle title={t('signInRequired.title')} />
      <p className="mt-4 text-lg text-muted">{t('signInRequired.body')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => void login()}>{t('signInRequired.button')}</Button>
        <Link to="/" className={buttonClasses('outline')}>
          {t('signInRequired.back')}
        </Link>
      </div>
    </section>
  );
}

/**
 * Guards signed-in pages: waits for the first user fetch (spinner), then shows visitors a sign-in prompt;
 * with `role`, accounts without it see Access Denied.
 */
export function SignedInOnly({ role }: { role?: Requirement }) {
  const { user, initialLoading } = useSession();
  if (initialLoading) return <PageSpinner />;
  if (!user) return <SignInRequired />;
  if (role && !allowed[role](user)) return <AccessDenied />;
  return <Outlet />;
}
