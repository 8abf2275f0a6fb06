import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerStats } from '../api/player-stats';
import { shortDate } from '../lib/format';
import { LineChart } from './LineChart';
import { Card, Empty } from './StatesBits';

/** Position in each tournament now, the best reached, and the position after each match. */
export function RankingsTab({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation('stats');
  if (stats.tournaments.length === 0) return <Empty>{t('rankings.empty')}</Empty>;
  return (
    <div className="grid gap-4">
      {stats.tournaments.map((tr) => {
        const points = stats.series.filter((p) => p.tournament_id === tr.tournament_id && p.position > 0).map((p) => ({ label: shortDate(p.at), value: p.position }));
        return (
          <Card key={tr.tournament_id} title={tr.name} testId="ranking-card">
            <dl className="grid grid-cols-3 gap-2 text-center">
              <div>
                <dt className="text-xs text-muted">{t('rankings.now')}</dt>
                <dd className="text-lg font-bold tabular-nums text-fg sm:text-xl">
                  {tr.participating && tr.position ? t('rankings.of', { position: tr.position, players: tr.players }) : t('rankings.left')}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t('rankings.best')}</dt>
                <dd className="text-lg font-bold tabular-nums text-fg sm:text-xl">{tr.best_position ? t('positionShort', { position: tr.best_position }) : t('none')}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t('rankings.matches')}</dt>
                <dd className="text-lg font-bold tabular-nums text-fg sm:text-xl">{tr.matches}</dd>
              </div>
            </dl>
            {points.length > 0 && (
              <div className="mt-4">
                <LineChart
                  title={t('rankings.chart', { name: tr.name })}
                  points={points}
                  invert
                  valueLabel={t('rankings.position')}
                  dateLabel={t('date')}
                  tableLabel={t('showTable')}
                  testId="position-chart"
                />
              </div>
            )}
            <Link to={`/tournaments/${tr.tournament_id}?tab=ranking`} className="mt-3 inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
              {t('rankings.open')}
            </Link>
          </Card>
        );
      })}
      <p className="text-xs text-muted">{t('rankings.hint')}</p>
    </div>
  );
}
