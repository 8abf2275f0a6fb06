import { CircleCheck, CircleX, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { CAPABILITIES, capabilities, userName } from '@/lib/user';

/**
 * /test-admin (open to everyone): who the current account is, its role, whether it is the main
 * (root) super admin, and what its role lets it do (spec §6). Visitors see that they are one.
 */
export default function TestAdminPage() {
  const { t } = useTranslation('admin');
  const { user, initialLoading, login } = useSession();
  if (initialLoading) return <PageSpinner />;
  const can = capabilities(user);

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageTitle title={t('testAdmin.title')} />
      <p className="mt-3 text-muted">{t('testAdmin.intro')}</p>

      <dl className="mt-8 grid gap-4 rounded-2xl border border-border bg-surface p-6 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{t('testAdmin.account')}</dt>
          <dd className="mt-1 font-semibold break-words" data-testid="test-admin-account">
            {user ? userName(user) : t('testAdmin.visitor')}
          </dd>
          {user && <dd className="text-sm text-muted break-all">{user.email}</dd>}
        </div>
        <div>
          <dt className="text-sm text-muted">{t('testAdmin.role')}</dt>
          <dd className="mt-1 font-semibold" data-testid="test-admin-role">
            {user ? t(`common:roles.${user.role}`) : t('testAdmin.visitor')}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('testAdmin.root')}</dt>
          <dd className="mt-1 font-semibold" data-testid="test-admin-root">
            {user?.is_root ? t('testAdmin.yes') : t('testAdmin.no')}
          </dd>
        </div>
      </dl>

      {user ? (
        <>
          <h2 className="mt-10 text-xl font-semibold text-fg">{t('testAdmin.permissions')}</h2>
          <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
            {CAPABILITIES.map((c) => {
              const ok = can.has(c);
              return (
                <li key={c} data-capability={c} data-allowed={ok} className="flex items-start gap-3 px-5 py-3 text-sm">
                  {ok ? (
                    <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                  ) : (
                    <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                  )}
                  <span className={ok ? 'text-fg' : 'text-muted'}>
                    <span className="sr-only">{ok ? t('testAdmin.allowed') : t('testAdmin.notAllowed')}: </span>
                    {t(`capabilities.${c}`)}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <div className="mt-10 rounded-2xl border border-border bg-surface p-6">
          <p className="text-muted">{t('testAdmin.visitorBody')}</p>
          <Button className="mt-4" onClick={() => void login()}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {t('common:header.login')}
          </Button>
        </div>
      )}
    </section>
  );
}
