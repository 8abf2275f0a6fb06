import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The frame of the administration pages. Minimal stand-in (t12-people): t12-dash's version, with
 * the admin navigation, replaces it at merge; the pages only rely on the name and `{children}`.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/super-admin" className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-brand underline-offset-2 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('pages.superAdmin')}
      </Link>
      {children}
    </div>
  );
}
