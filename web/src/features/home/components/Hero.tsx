import { ArrowRight, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { useSession } from '@/lib/SessionProvider';
import { LadderPreview } from './LadderPreview';

const POINTS = ['free', 'languages', 'mobile'] as const;

export function Hero() {
  const { t } = useTranslation('home');
  const { user, login } = useSession();
  return (
    <section className="relative overflow-hidden border-b border-border bg-linear-to-b from-emerald-50 to-bg dark:from-emerald-950/40">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-fg">
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-fg sm:text-5xl lg:text-6xl">
            {t('hero.title')} <span className="text-brand">{t('hero.titleHighlight')}</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {user ? (
              <Link to="/challenges" className={buttonClasses('primary', 'lg')}>
                {t('hero.ctaSignedIn')}
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
            ) : (
              <Button size="lg" onClick={() => void login()}>
                {t('hero.cta')}
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Button>
            )}
            <Link to="/tournaments" className={buttonClasses('outline', 'lg')}>
              {t('hero.secondary')}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-brand" aria-hidden="true" />
                {t(`hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <LadderPreview />
      </div>
    </section>
  );
}
