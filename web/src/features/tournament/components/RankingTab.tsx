import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/PersonName';
import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { ProvisionalMark, WinChance } from '@/components/RatingMarks';
import { Avatar } from '@/components/ui/Avatar';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import type { TournamentDetail } from '../api/get-tournament';
import { standingsQuery, type Standing } from '../api/tournament-data';
import { ChallengeLink, FormChips, Movement } from './RankingBits';
import { Empty, QueryState } from './QueryState';
import { PlayerStatusBadge } from './TournamentBadges';
import { linkClass } from './TournamentHeader';

interface RowProps {
  row: Standing;
  points: boolean;
  own: boolean;
  tournamentId: number;
  challengeable: boolean;
}

/** The link to a player's statistics page (SPEC §2: linked from rankings). */
function StatsLink({ row }: { row: Standing }) {
  const { t } = useTranslation('rating');
  return (
    <Link
      to={`/players/${row.player.id}/stats`}
      className="inline-grid h-9 w-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={t('statsOf', { name: row.player.display_name })}
      title={t('statsOf', { name: row.player.display_name })}
    >
      <BarChart3 className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

function PlayerCell({ row, own }: { row: Standing; own: boolean }) {
  const { t } = useTranslation('tournament');
  const name = usePersonName();
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <Avatar photoUrl={row.player.photo_url} name={name(row.player)} size="sm" />
      <span className="min-w-0">
        <PersonName person={row.player} className={cn('block truncate', linkClass)} />
        <span className="flex flex-wrap gap-1">
          {own && <span className="text-xs font-semibold text-brand">{t('ranking.you')}</span>}
          {/* An erased account is kept out of play (suspended): its label says enough. */}
          {!row.player.deleted && <PlayerStatusBadge status={row.status} />}
          <ProvisionalMark provisional={row.rating.provisional} />
        </span>
      </span>
    </span>
  );
}

function TableRow({ row, points, own, tournamentId, challengeable }: RowProps) {
  const { t } = useTranslation('tournament');
  return (
    <tr className={cn('border-t border-border', own && 'bg-brand/10')} aria-current={own ? 'true' : undefined}>
      <td className="px-3 py-2.5 text-center font-bold tabular-nums text-fg">{row.position}</td>
      <td className="max-w-64 px-3 py-2.5">
        <PlayerCell row={row} own={own} />
      </td>
      {points && <td className="px-3 py-2.5 text-right font-semibold tabular-nums">{row.points}</td>}
      <td className="px-3 py-2.5 text-right tabular-nums">{row.played}</td>
      <td className="px-3 py-2.5 text-right tabular-nums">{row.won}</td>
      <td className="px-3 py-2.5 text-right tabular-nums">{row.lost}</td>
      <td className="px-3 py-2.5 text-right tabular-nums">{t('ranking.percent', { value: row.win_rate })}</td>
      <td className="px-3 py-2.5 text-right" data-testid="win-chance">
        <WinChance probability={row.win_probability} />
      </td>
      <td className="px-3 py-2.5">
        <FormChips form={row.form} />
      </td>
      <td className="px-3 py-2.5 text-center">
        <Movement movement={row.movement} isNew={row.new} />
      </td>
      <td className="px-3 py-2.5 text-right">
        <span className="inline-flex items-center justify-end gap-1">
          <StatsLink row={row} />
          {challengeable && <ChallengeLink tournamentId={tournamentId} opponent={row.player} />}
        </span>
      </td>
    </tr>
  );
}

/** A phone's card of one player: position and name, then the numbers as a small grid. */
function Card({ row, points, own, tournamentId, challengeable }: RowProps) {
  const { t } = useTranslation('tournament');
  const stats: [string, string | number][] = [
    ...(points ? ([[t('ranking.points'), row.points]] as [string, number][]) : []),
    [t('ranking.played'), row.played],
    [t('ranking.wonLost'), `${row.won}–${row.lost}`],
    [t('ranking.winRate'), t('ranking.percent', { value: row.win_rate })],
  ];
  const { t: tr } = useTranslation('rating');
  return (
    <li className={cn('rounded-xl border border-border bg-surface p-3', own && 'border-brand bg-brand/10')} aria-current={own ? 'true' : undefined}>
      <div className="flex items-center gap-3">
        <span className="w-8 shrink-0 text-center text-lg font-bold tabular-nums text-fg" aria-label={t('ranking.positionLabel', { position: row.position })}>
          {row.position}
        </span>
        <div className="min-w-0 flex-1">
          <PlayerCell row={row} own={own} />
        </div>
        <Movement movement={row.movement} isNew={row.new} />
        <StatsLink row={row} />
      </div>
      <dl className="mt-3 grid grid-cols-4 gap-2 text-center">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {row.win_probability != null && (
        <p className="mt-2 text-sm text-muted" data-testid="win-chance">
          {tr('winChance')}: <WinChance probability={row.win_probability} className="font-semibold" />
        </p>
      )}
      <div className="mt-3 flex items-center justify-between gap-2">
        <FormChips form={row.form} />
        {challengeable && <ChallengeLink tournamentId={tournamentId} opponent={row.player} />}
      </div>
    </li>
  );
}

/** The standings: a table from medium screens, cards on a phone; the viewer's row highlighted. */
export function RankingTab({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { t: tr } = useTranslation('rating');
  const { user } = useSession();
  const query = useQuery(standingsQuery(user?.id ?? 0, tournament.id));
  return (
    <QueryState query={query}>
      {(standings) => {
        if (standings.items.length === 0) return <Empty>{t('ranking.empty')}</Empty>;
        const points = standings.ranking_type === 'points';
        const props = (row: Standing): RowProps => ({
          row,
          points,
          own: row.player.id === user?.id,
          tournamentId: tournament.id,
          challengeable: row.can_challenge, // the server's answer (policy.ChallengeOpponent)
        });
        return (
          <div>
            <div className="hidden overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm md:block" data-testid="ranking-table">
              <table className="w-full text-sm text-fg">
                <caption className="sr-only">{t('ranking.caption', { name: tournament.name })}</caption>
                <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2.5 text-center">
                      <abbr title={t('ranking.positionLong')} className="no-underline">
                        {t('ranking.position')}
                      </abbr>
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-left">{t('ranking.player')}</th>
                    {points && <th scope="col" className="px-3 py-2.5 text-right">{t('ranking.points')}</th>}
                    <th scope="col" className="px-3 py-2.5 text-right">{t('ranking.played')}</th>
                    <th scope="col" className="px-3 py-2.5 text-right">{t('ranking.won')}</th>
                    <th scope="col" className="px-3 py-2.5 text-right">{t('ranking.lost')}</th>
                    <th scope="col" className="px-3 py-2.5 text-right">{t('ranking.winRate')}</th>
                    <th scope="col" className="px-3 py-2.5 text-right">
                      <abbr title={tr('winChanceHint')} className="no-underline">
                        {tr('winChance')}
                      </abbr>
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-left">{t('ranking.form')}</th>
                    <th scope="col" className="px-3 py-2.5 text-center">{t('ranking.movement')}</th>
                    <th scope="col" className="px-3 py-2.5">
                      <span className="sr-only">{t('ranking.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {standings.items.map((row) => (
                    <TableRow key={row.player.id} {...props(row)} />
                  ))}
                </tbody>
              </table>
            </div>
            <ol className="space-y-3 md:hidden" data-testid="ranking-cards" aria-label={t('ranking.caption', { name: tournament.name })}>
              {standings.items.map((row) => (
                <Card key={row.player.id} {...props(row)} />
              ))}
            </ol>
            <p className="mt-3 text-xs text-muted">{t('ranking.movementHint')}</p>
          </div>
        );
      }}
    </QueryState>
  );
}
