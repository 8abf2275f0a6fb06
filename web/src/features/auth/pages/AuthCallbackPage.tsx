import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/Spinner';
import { PageTitle } from '@/components/ui/PageTitle';

/**
 * /auth/callback: where the sign-in provider sends the browser back. The code exchange
 * (POST /api/sessions) arrives with sign-in in the next issue; this is its finishing screen.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-20 text-center">
      <PageTitle title={t('auth.finishing')} className="text-2xl sm:text-3xl" />
      <Spinner />
    </section>
  );
}
