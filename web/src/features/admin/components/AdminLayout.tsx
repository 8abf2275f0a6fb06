import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The frame of the administration pages. Minimal version (the dashboard's navigation replaces
 * it): the page width and a way back to /super-admin.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <Link to="/super-admin" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('backToAdmin')}
      </Link>
      {children}
    </div>
  );
}
