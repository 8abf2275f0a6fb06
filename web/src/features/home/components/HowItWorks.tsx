import { useTranslation } from 'react-i18next';

const STEPS = ['profile', 'join', 'climb'] as const;

export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="how-title" className="border-y border-border bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          {t('how.title')}
        </h2>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="relative">
              <span className="grid h-12 w-12 place-items-center rounded-full bg-brand text-lg font-bold text-brand-fg" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-fg">{t(`how.steps.${step}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-muted">{t(`how.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
