import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
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
 * Guards signed-in pages: waits for the first user fetch (spinner), then sends visitors home;
 * with `role`, accounts without it see Access Denied.
 */
export function SignedInOnly({ role }: { role?: Requirement }) {
  const { user, initialLoading } = useSession();
  if (initialLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (role && !allowed[role](user)) return <AccessDenied />;
  return <Outlet />;
}
