import { useTranslation } from 'react-i18next';
import { levelPercent, type Gamification } from '@/lib/gamification';

/** The level with a progress bar to the next one (gamification namespace). */
export function LevelBar({ g }: { g: Pick<Gamification, 'level' | 'xp' | 'level_from' | 'next_at'> }) {
  const { t } = useTranslation('gamification');
  const pct = levelPercent(g);
  return (
    <div data-testid="level-bar">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-2xl font-bold text-fg" data-testid="level-value">
          {t('level', { level: g.level })}
        </p>
        <p className="text-sm tabular-nums text-muted">{t('xpTotal', { xp: g.xp })}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('toNext', { level: g.level + 1 })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-2 h-3 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-brand motion-safe:transition-[width] motion-safe:duration-500" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted">{t('remaining', { xp: g.next_at - g.xp, level: g.level + 1 })}</p>
    </div>
  );
}
