import { useQuery } from '@tanstack/react-query';
import { Award, Flame, History, Trophy, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AchievementList } from '@/components/gamification/AchievementList';
import { LevelBar } from '@/components/gamification/LevelBar';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { gamificationQuery } from '@/lib/gamification';
import { useSession } from '@/lib/SessionProvider';
import { XpBoard } from '../components/XpBoard';
import { XpHistory } from '../components/XpHistory';

/** /gamification: level and progress, streaks, achievements, XP history and the friendly board (issue 15). */
export default function GamificationPage() {
  const { t } = useTranslation('gamification');
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const q = useQuery({ ...gamificationQuery(userId), enabled: userId > 0 });
  return (
    <section className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <PageTitle title={t('title')} />
      <p className="mt-2 text-muted">{t('intro')}</p>
      {q.isPending ? (
        <Spinner className="py-16" label={t('loading')} />
      ) : q.isError ? (
        <LoadFailed className="mt-6" title={t('loadFailed')} onRetry={() => void q.refetch()} />
      ) : (
        <div className="mt-6 grid gap-4 lg:grid-cols-3">
          <SectionCard icon={TrendingUp} title={t('progress.title')} compact className="lg:col-span-2">
            <LevelBar g={q.data} />
            <p className="mt-3 text-xs text-muted">{t('progress.curve')}</p>
          </SectionCard>
          <SectionCard icon={Flame} title={t('streak.title')} compact>
            <dl className="grid grid-cols-2 gap-2 text-center" data-testid="streak">
              <div className="rounded-xl bg-surface-2 p-3">
                <dt className="text-xs text-muted">{t('streak.current')}</dt>
                <dd className="text-2xl font-bold tabular-nums text-fg" data-testid="streak-current">
                  {t('streak.weeks', { count: q.data.streak.current })}
                </dd>
              </div>
              <div className="rounded-xl bg-surface-2 p-3">
                <dt className="text-xs text-muted">{t('streak.best')}</dt>
                <dd className="text-2xl font-bold tabular-nums text-fg">{t('streak.weeks', { count: q.data.streak.best })}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-muted">{t('streak.rule')}</p>
          </SectionCard>
          <SectionCard icon={Award} title={t('achievementsTitle')} compact className="lg:col-span-3">
            <AchievementList items={q.data.achievements} />
          </SectionCard>
          <SectionCard icon={History} title={t('history.title')} compact className="lg:col-span-2">
            <XpHistory userId={userId} />
          </SectionCard>
          <SectionCard icon={Trophy} title={t('board.title')} compact>
            <p className="mb-3 text-xs text-muted">{t('board.intro')}</p>
            <XpBoard userId={userId} />
          </SectionCard>
        </div>
      )}
    </section>
  );
}
