import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/SessionProvider';

const ctaClass =
  'inline-flex h-12 cursor-pointer items-center gap-2 rounded-lg bg-lime-300 px-6 font-semibold text-lime-950 shadow-sm hover:bg-lime-200 focus-visible:outline-white';

export function FinalCta() {
  const { t } = useTranslation('home');
  const { user, login } = useSession();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="rounded-3xl bg-emerald-800 px-6 py-14 text-center shadow-xl sm:px-12 dark:bg-emerald-900">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-emerald-50">{t('cta.body')}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {user ? (
            <Link to="/tournaments" className={ctaClass}>
              {t('cta.buttonSignedIn')}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          ) : (
            <button type="button" onClick={() => void login()} className={ctaClass}>
              {t('cta.button')}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </button>
          )}
          <Link to="/clubs" className="inline-flex h-12 items-center rounded-lg px-6 font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-white">
            {t('cta.secondary')}
          </Link>
        </div>
      </div>
    </section>
  );
}
