import { useQuery } from '@tanstack/react-query';
import { Activity, History, TrendingUp, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/PersonName';
import { SectionCard } from '@/components/ui/SectionCard';
import type { PersonLike } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import type { TournamentDetail } from '../api/get-tournament';
import { statisticsQuery, type MatchLine, type Standing } from '../api/tournament-data';
import { formatShortDate } from '../lib/format';
import { Empty, QueryState } from './QueryState';
import { linkClass } from './TournamentHeader';

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4 text-center shadow-sm">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

function Player({ person }: { person: PersonLike }) {
  return <PersonName person={person} className={linkClass} />;
}

/** A ranked list of players with one number each (most active, climbers). */
function PlayerList({ rows, value, empty }: { rows: Standing[]; value: (s: Standing) => ReactNode; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="space-y-2">
      {rows.map((s, i) => (
        <li key={s.player.id} className="flex items-center justify-between gap-3 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <span className="w-5 shrink-0 text-right font-semibold tabular-nums text-muted">{i + 1}.</span>
            <span className="truncate">
              <Player person={s.player} />
            </span>
          </span>
          <span className="shrink-0 font-semibold tabular-nums text-fg">{value(s)}</span>
        </li>
      ))}
    </ol>
  );
}

/** "Ana beat Rui 6-4 6-3", with the positions before (upsets) or the date (recent results). */
function MatchList({ lines, empty, upsets }: { lines: MatchLine[]; empty: string; upsets?: boolean }) {
  const { t, i18n } = useTranslation('tournament');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (lines.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {lines.map((m) => (
        <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm">
          <span className="min-w-0">
            <Player person={m.winner} /> <span className="text-muted">{t('statistics.beat')}</span> <Player person={m.loser} />
          </span>
          <span className="flex gap-3 tabular-nums text-muted">
            <span className="font-medium text-fg">{m.score}</span>
            {upsets ? (
              <span>{t('statistics.positions', { winner: m.winner_position_before, loser: m.loser_position_before })}</span>
            ) : (
              m.validated_at && <time dateTime={m.validated_at}>{formatShortDate(m.validated_at, language)}</time>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Counters, most active players, this week's climbers, upsets and the latest results. */
export function StatisticsTab({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { user } = useSession();
  const query = useQuery(statisticsQuery(user?.id ?? 0, tournament.id));
  return (
    <QueryState query={query}>
      {(stats) => (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Counter label={t('statistics.matches')} value={stats.matches} />
            <Counter label={t('statistics.thisWeek')} value={stats.matches_this_week} />
            <Counter label={t('statistics.players')} value={stats.players} />
            <Counter label={t('statistics.activePlayers')} value={stats.active_players} />
          </dl>
          {stats.matches === 0 ? (
            <Empty>{t('statistics.empty')}</Empty>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <SectionCard icon={Activity} title={t('statistics.mostActive')} compact>
                <PlayerList rows={stats.most_active} value={(s) => t('statistics.matchesCount', { count: s.played })} empty={t('statistics.nothing')} />
              </SectionCard>
              <SectionCard icon={TrendingUp} title={t('statistics.climbers')} compact>
                <PlayerList rows={stats.climbers} value={(s) => t('statistics.climbed', { count: s.movement })} empty={t('statistics.noClimbers')} />
              </SectionCard>
              <SectionCard icon={Zap} title={t('statistics.upsets')} compact>
                <MatchList lines={stats.upsets} empty={t('statistics.noUpsets')} upsets />
              </SectionCard>
              <SectionCard icon={History} title={t('statistics.recent')} compact>
                <MatchList lines={stats.recent} empty={t('statistics.nothing')} />
              </SectionCard>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
