import { Building2, CalendarClock, Gavel, Medal, Swords, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES: { id: string; icon: LucideIcon }[] = [
  { id: 'challenges', icon: Swords },
  { id: 'rankings', icon: TrendingUp },
  { id: 'clubs', icon: Building2 },
  { id: 'referees', icon: Gavel },
  { id: 'availability', icon: CalendarClock },
  { id: 'gamification', icon: Medal },
];

export function Features() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="max-w-2xl">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          {t('features.title')}
        </h2>
        <p className="mt-4 text-lg text-muted">{t('features.subtitle')}</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ id, icon: Icon }) => (
          <li key={id} className="rounded-2xl border border-border bg-surface p-6 shadow-sm transition-shadow hover:shadow-md">
            <span className="grid h-11 w-11 place-items-center rounded-xl bg-accent text-accent-fg" aria-hidden="true">
              <Icon className="h-5 w-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-fg">{t(`features.items.${id}.title`)}</h3>
            <p className="mt-2 leading-relaxed text-muted">{t(`features.items.${id}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
