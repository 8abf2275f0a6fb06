import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, History, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { userName } from '@/lib/user';
import { ActivitySummary } from './ActivitySummary';
import { homeQuery } from './api';
import { Featured } from './Featured';
import { MatchList } from './MatchList';
import { QuickActions } from './QuickActions';

/**
 * `/` for signed-in readers (SPEC §2, issue 15): what waits for them, quick actions, their active
 * and completed matches, and tournaments and clubs near them. One request (GET /api/home); a lazy
 * chunk the landing never loads.
 */
export default function SignedInHome() {
  const { t, i18n } = useTranslation('dashboard');
  const { user } = useSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const home = useQuery({ ...homeQuery(user?.id ?? 0, language), enabled: !!user });
  if (!user) return null;
  const firstName = user.first_name?.trim() || userName(user);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10" data-testid="signed-in-home">
      <PageTitle title={t('title')}>{t('greeting', { name: firstName })}</PageTitle>
      <p className="mt-2 text-muted">{t('intro')}</p>
      {home.isPending ? (
        <Spinner className="min-h-[40vh]" label={t('loading')} />
      ) : home.isError ? (
        <div role="alert" className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-12 text-center">
          <p className="font-semibold text-fg">{t('error.title')}</p>
          <p className="mt-1 text-sm text-muted">{home.error.message}</p>
          <Button variant="outline" className="mt-4" onClick={() => void home.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {t('error.retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-8 space-y-6">
          <ActivitySummary counts={home.data.counts} />
          <div className="grid gap-6 lg:grid-cols-2">
            <MatchList
              id="active-matches"
              icon={CalendarCheck}
              title={t('matches.active')}
              empty={t('matches.noActive')}
              matches={home.data.active_matches}
              me={user.id}
            />
            <QuickActions />
          </div>
          <Featured tournaments={home.data.featured_tournaments} clubs={home.data.featured_clubs} district={home.data.district} />
          <MatchList
            id="completed-matches"
            icon={History}
            title={t('matches.completed')}
            empty={t('matches.noCompleted')}
            matches={home.data.completed_matches}
            me={user.id}
          />
        </div>
      )}
    </div>
  );
}
