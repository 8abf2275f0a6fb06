import { useQuery } from '@tanstack/react-query';
import { BarChart3, Medal, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/SectionCard';
import { playerStatsQuery, type PlayerStats } from '@/lib/player-stats';
import { useSession } from '@/lib/SessionProvider';

/** How many of the player's tournaments the card lists (the statistics page has them all). */
const TOURNAMENTS_SHOWN = 4;

function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted" data-testid={testId}>
      {children}
    </p>
  );
}

function Numbers({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation('players');
  if (stats.matches === 0) return <Note testId="summary-empty">{t('summary.noMatches')}</Note>;
  const items: [string, string | number][] = [
    [t('summary.matches'), stats.matches],
    [t('summary.wins'), stats.wins],
    [t('summary.losses'), stats.losses],
    [t('summary.winRate'), t('summary.percent', { value: stats.win_rate })],
    [t('summary.rating'), stats.rating.rating],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2" data-testid="summary-numbers">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-surface-2 px-2 py-2 text-center">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-0.5 text-lg font-bold tabular-nums text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tournaments({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation('players');
  const list = stats.tournaments.slice(0, TOURNAMENTS_SHOWN);
  if (list.length === 0) return <Note>{t('summary.noTournaments')}</Note>;
  return (
    <ul className="divide-y divide-border" data-testid="summary-tournaments">
      {list.map((tr) => (
        <li key={tr.tournament_id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
          <Link to={`/tournaments/${tr.tournament_id}?tab=ranking`} className="min-w-0 break-words font-medium text-brand underline-offset-2 hover:underline">
            {tr.name}
          </Link>
          <span className="shrink-0 tabular-nums text-muted">
            {tr.participating && tr.position ? t('summary.place', { position: tr.position, players: tr.players }) : t('summary.left')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The profile's three summary cards: the player's real numbers (matches, wins, losses, win rate,
 * rating) and tournaments from their precomputed statistics (the same query and cache as the
 * statistics page), and achievements, which come with gamification.
 */
export function ProfileSummary({ playerId }: { playerId: number }) {
  const { t } = useTranslation('players');
  const { user } = useSession();
  const query = useQuery(playerStatsQuery(user?.id ?? 0, playerId));
  const body = (render: (s: PlayerStats) => ReactNode) =>
    query.isPending ? <Note>{t('summary.loading')}</Note> : query.isError ? <Note>{t('summary.error')}</Note> : render(query.data);
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-3">
      <SectionCard compact icon={BarChart3} title={t('sections.statistics')}>
        <div data-testid="summary-statistics">{body((s) => <Numbers stats={s} />)}</div>
      </SectionCard>
      <SectionCard compact icon={Medal} title={t('sections.achievements')}>
        <Note>{t('soon')}</Note>
      </SectionCard>
      <SectionCard compact icon={Trophy} title={t('sections.tournaments')}>
        {body((s) => <Tournaments stats={s} />)}
      </SectionCard>
    </div>
  );
}
