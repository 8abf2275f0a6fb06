import { useQuery } from '@tanstack/react-query';
import { BarChart3, Info, ListOrdered, Network, Users } from 'lucide-react';
import { lazy, memo, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { DialogSpinner } from '@/components/ui/Spinner';
import { Tabs } from '@/components/ui/Tabs';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/SessionProvider';
import { tournamentQuery, type TournamentDetail } from '../api/get-tournament';
import { BracketTab } from '../components/BracketTab';
import { JoinButtons } from '../components/JoinButtons';
import { DecisionButtons, ManageMenu } from '../components/ManageActions';
import { OverviewTab } from '../components/OverviewTab';
import { ParticipantsTab } from '../components/ParticipantsTab';
import { RankingTab } from '../components/RankingTab';
import { StatisticsTab } from '../components/StatisticsTab';
import { TournamentHeader } from '../components/TournamentHeader';
import { PrivateNotice, TournamentNotFound, TournamentSkeleton } from '../components/TournamentScreens';

// The tournaments feature's edit form: loaded only when a manager opens it.
const EditTournamentDialog = lazy(() =>
  import('@/features/tournaments/components/EditTournamentDialog').then((m) => ({ default: m.EditTournamentDialog })),
);

// The group chat (members only) loads when shown (issue 16): a phone opening the page does not
// download and run the conversation code before the page answers (TBT).
const GroupChat = lazy(() => import('../components/GroupChat').then((m) => ({ default: m.GroupChat })));

export const TABS = ['overview', 'ranking', 'bracket', 'statistics', 'participants'] as const;
export type TabId = (typeof TABS)[number];

/** The tab in ?tab= (so a reload or a shared link opens it), Overview when absent or unknown. */
function useTabParam(): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as TabId) : 'overview';
  const setTab = (next: TabId) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'overview') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

function Label({ icon: Icon, children }: { icon: typeof Info; children: ReactNode }) {
  return (
    <>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
    </>
  );
}

// Memoised: the blocking render that precedes a deferred one passes it the same tournament.
const Page = memo(function Page({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { user, login } = useSession();
  const [tab, setTab] = useTabParam();
  const [editing, setEditing] = useState(false);
  // Private tournaments keep everything but the Overview for their members (and admins).
  const guard = (content: ReactNode) => (tournament.can_see_standings ? content : <PrivateNotice tournament={tournament} signedIn={!!user} />);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <TournamentHeader
        tournament={tournament}
        actions={
          <>
            <JoinButtons tournament={tournament} signedIn={!!user} onLogin={() => void login()} />
            {tournament.can_manage && <ManageMenu tournament={tournament} onEdit={tournament.can_edit ? () => setEditing(true) : undefined} />}
            {tournament.can_decide && <DecisionButtons tournament={tournament} />}
          </>
        }
      />
      <Tabs
        className="mt-8"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { id: 'overview', label: <Label icon={Info}>{t('tabs.overview')}</Label>, content: <OverviewTab tournament={tournament} signedIn={!!user} /> },
          { id: 'ranking', label: <Label icon={ListOrdered}>{t('tabs.ranking')}</Label>, content: guard(<RankingTab tournament={tournament} />) },
          { id: 'bracket', label: <Label icon={Network}>{t('tabs.bracket')}</Label>, content: guard(<BracketTab tournament={tournament} />) },
          { id: 'statistics', label: <Label icon={BarChart3}>{t('tabs.statistics')}</Label>, content: guard(<StatisticsTab tournament={tournament} />) },
          {
            id: 'participants',
            label: <Label icon={Users}>{t('tabs.participants', { count: tournament.players })}</Label>,
            content: guard(<ParticipantsTab tournament={tournament} />),
          },
        ]}
      />
      {tournament.can_chat && user && (
        <Suspense fallback={null}>
          <GroupChat tournament={tournament} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={<DialogSpinner />}>
          <EditTournamentDialog tournament={tournament} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
    </div>
  );
});

/** /tournaments/:id: header with the caller's actions, and the Overview, Ranking, Bracket, Statistics and Participants tabs. */
export default function TournamentPage() {
  const { t } = useTranslation('tournament');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const { user } = useSession();
  const options = tournamentQuery(user?.id ?? 0, id);
  const query = useQuery({ ...options, enabled: valid });
  const tournament = query.data;

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <TournamentNotFound />;
  if (query.isPending) return <TournamentSkeleton />;
  // A failed refresh keeps the page drawn; only a first read that failed shows the error.
  if (query.isError && !query.data) {
    return <LoadFailed className="mx-auto mt-10 max-w-xl" title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  }
  if (!tournament) return <TournamentSkeleton />; // arrived: being drawn
  return <Page key={tournament.id} tournament={tournament} />; // another tournament: its own page state
}
