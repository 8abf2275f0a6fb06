import { BookOpen, Calculator } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { useSession } from '@/lib/SessionProvider';
import { NearYou } from '../components/NearYou';
import { RulesGuide } from '../components/RulesGuide';
import { ScoreChecker } from '../components/ScoreChecker';

/**
 * /tennis-hub (issue 15): what there is to play near the reader (tournaments, players free when
 * they are, clubs, recent results), how the ladder and tennis scoring work here, and a score
 * checker that uses the server's own validation.
 */
export default function TennisHubPage() {
  const { t } = useTranslation('hub');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const nav = [
    ['#near-you', t('nav.near')],
    ['#rules', t('nav.rules')],
    ['#score-checker', t('nav.checker')],
  ] as const;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageTitle title={tc('pages.tennisHub')} />
      <p className="mt-2 text-muted">{t('intro')}</p>
      <nav aria-label={t('nav.label')} className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {nav.map(([href, label]) => (
            <li key={href}>
              <a
                href={href}
                className="inline-block rounded-full border border-border px-3 py-1 text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="near-you" aria-labelledby="near-you-heading" className="mt-8 scroll-mt-20">
        <h2 id="near-you-heading" className="text-xl font-semibold text-fg">
          {t('near.heading')}
        </h2>
        <div className="mt-2">
          <NearYou userId={user?.id ?? 0} />
        </div>
      </section>
      <div className="mt-10 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <SectionCard icon={BookOpen} title={t('rules.heading')} id="rules">
          <RulesGuide />
        </SectionCard>
        <SectionCard icon={Calculator} title={t('checker.heading')} id="score-checker" className="self-start">
          <ScoreChecker />
        </SectionCard>
      </div>
    </div>
  );
}
