import { useQuery } from '@tanstack/react-query';
import { Award, History, LineChart as ChartIcon, ListOrdered, UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AchievementList } from '@/components/gamification/AchievementList';
import { Avatar } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Tabs } from '@/components/ui/Tabs';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/SessionProvider';
import { playerStatsQuery } from '../api/player-stats';
import { HistoryTab } from '../components/HistoryTab';
import { OverviewTab } from '../components/OverviewTab';
import { RankingsTab } from '../components/RankingsTab';
import { LoadState } from '../components/StatesBits';

const TABS = ['overview', 'history', 'rankings', 'achievements'] as const;
type TabId = (typeof TABS)[number];

/** The tab in ?tab= (a reload or a shared link opens it), Overview when absent or unknown. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(raw) ? (raw as TabId) : 'overview';
  const setTab = (next: TabId) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'overview') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  return [tab, setTab];
}

function NotFound() {
  const { t } = useTranslation('stats');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-surface-2 text-muted" aria-hidden="true">
        <UserRoundX className="h-8 w-8" />
      </span>
      <PageTitle title={t('notFound.title')} />
      <p className="mt-4 text-lg text-muted">{t('notFound.body')}</p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}

/** /players/:id/stats: a player's statistics (SPEC §2 "Player statistics", §3). */
export default function PlayerStatsPage() {
  const { t } = useTranslation('stats');
  const { id: raw } = useParams();
  const id = /^\d+$/.test(raw ?? '') ? Number(raw) : NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const { user } = useSession();
  const query = useQuery({ ...playerStatsQuery(user?.id ?? 0, id), enabled: valid });
  const [tab, setTab] = useTab();

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />;
  if (!query.data) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-8">
        <PageTitle title={t('title')} />
        <div className="mt-6">
          <LoadState pending={query.isPending} error={query.isError} onRetry={() => void query.refetch()} />
        </div>
      </section>
    );
  }
  const stats = query.data;
  const self = stats.player.id === user?.id;
  const icon = (Icon: typeof History, label: string) => (
    <>
      <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      {label}
    </>
  );
  return (
    <section className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <Link to={`/players/${stats.player.id}`} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
        {t('backToProfile', { name: stats.player.display_name })}
      </Link>
      <div className="mt-3 flex items-center gap-3">
        <Avatar photoUrl={stats.player.photo_url} name={stats.player.display_name} size="lg" />
        <div className="min-w-0">
          <PageTitle title={self ? t('titleSelf') : t('titleOf', { name: stats.player.display_name })} />
        </div>
      </div>
      <Tabs
        className="mt-6"
        label={t('tabsLabel')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { id: 'overview', label: icon(ChartIcon, t('tabs.overview')), content: <OverviewTab stats={stats} /> },
          { id: 'history', label: icon(History, t('tabs.history')), content: <HistoryTab stats={stats} /> },
          { id: 'rankings', label: icon(ListOrdered, t('tabs.rankings')), content: <RankingsTab stats={stats} /> },
          {
            id: 'achievements',
            label: icon(Award, t('tabs.achievements')),
            content: <AchievementList items={stats.gamification.achievements} showLocked={self} headingLevel={2} />,
          },
        ]}
      />
    </section>
  );
}
