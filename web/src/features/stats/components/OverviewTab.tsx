import { useTranslation } from 'react-i18next';
import { ProvisionalMark, WinChance } from '@/components/RatingMarks';
import type { PlayerStats } from '../api/player-stats';
import { shortDate } from '../lib/format';
import { LineChart } from './LineChart';
import { Card, FormChips } from './StatesBits';

function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-3 text-center" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

/** SPEC §3 statistics, the rating with its chart, and the form of the last ten matches. */
export function OverviewTab({ stats }: { stats: PlayerStats }) {
  const { t } = useTranslation('stats');
  const dash = t('none');
  const series = stats.series.map((p) => ({ label: shortDate(p.at), value: p.rating }));
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="overview-numbers">
        <Stat label={t('overview.matches')} value={stats.matches} testId="stat-matches" />
        <Stat label={t('overview.wins')} value={stats.wins} />
        <Stat label={t('overview.losses')} value={stats.losses} />
        <Stat label={t('overview.winRate')} value={stats.matches ? t('percent', { value: stats.win_rate }) : dash} />
        <Stat label={t('overview.setsWon')} value={`${stats.sets_won}–${stats.sets_lost}`} />
        <Stat label={t('overview.points')} value={stats.points} />
        <Stat label={t('overview.bestRanking')} value={stats.best_position ? t('positionShort', { position: stats.best_position }) : dash} />
        <Stat label={t('overview.activeTournaments')} value={stats.active_tournaments} />
        <Stat label={t('overview.level')} value={stats.gamification.level} testId="stat-level" />
        <Stat label={t('overview.xp')} value={`${stats.gamification.xp - stats.gamification.level_from}/${stats.gamification.next_at - stats.gamification.level_from}`} />
        <Stat label={t('overview.totalXp')} value={stats.gamification.xp} testId="stat-total-xp" />
        <Stat
          label={t('overview.achievements')}
          value={`${stats.gamification.achievements_earned}/${stats.gamification.achievements_total}`}
          testId="stat-achievements"
        />
      </dl>
      <Card title={t('overview.rating')} testId="rating-card">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-2">
          <p className="text-3xl font-bold tabular-nums text-fg" data-testid="rating-value">
            {stats.rating.rating}
            <span className="ml-2 text-sm font-normal text-muted">{t('overview.deviation', { value: stats.rating.deviation })}</span>
          </p>
          <ProvisionalMark provisional={stats.rating.provisional} />
          {stats.win_probability != null && (
            <p className="text-sm text-muted">
              {t('overview.yourChance')} <WinChance probability={stats.win_probability} className="font-semibold" />
            </p>
          )}
        </div>
        <p className="mt-1 text-xs text-muted">{t('overview.ratingHint')}</p>
        <div className="mt-4">
          {series.length === 0 ? (
            <p className="text-sm text-muted">{t('overview.noRatingHistory')}</p>
          ) : (
            <LineChart
              title={t('overview.ratingChart')}
              points={series}
              valueLabel={t('overview.rating')}
              dateLabel={t('date')}
              tableLabel={t('showTable')}
              testId="rating-chart"
            />
          )}
        </div>
      </Card>
      <Card title={t('overview.form')} testId="form-card">
        <FormChips form={stats.form} />
      </Card>
    </div>
  );
}
