import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import type { PanelPlayer } from '../api/players-panel';

interface Metric {
  key: string;
  value: (p: PanelPlayer) => number;
  show: (p: PanelPlayer) => string;
  /** Lower is better (best place); 0 means none and never wins. */
  lower?: boolean;
}

/** The selected players side by side, the best value of each row marked. */
export function ComparePanel({ players, onRemove, onClear }: { players: PanelPlayer[]; onRemove: (id: number) => void; onClear: () => void }) {
  const { t } = useTranslation('playersPanel');
  const metrics: Metric[] = [
    { key: 'matches', value: (p) => p.matches, show: (p) => String(p.matches) },
    { key: 'wins', value: (p) => p.wins, show: (p) => String(p.wins) },
    { key: 'losses', value: (p) => -p.losses, show: (p) => String(p.losses) },
    { key: 'winRate', value: (p) => p.win_rate, show: (p) => t('percent', { value: p.win_rate }) },
    { key: 'points', value: (p) => p.points, show: (p) => String(p.points) },
    { key: 'tournaments', value: (p) => p.tournaments, show: (p) => String(p.tournaments) },
    {
      key: 'best',
      value: (p) => p.best_position,
      show: (p) => (p.best_position ? t('bestPlace', { position: p.best_position }) : t('bestNone')),
      lower: true,
    },
  ];
  if (players.length === 0) return <p className="text-sm text-muted">{t('compare.empty')}</p>;
  const best = (m: Metric) => {
    const values = players.map(m.value).filter((v) => !m.lower || v > 0);
    if (values.length < 2) return null;
    return m.lower ? Math.min(...values) : Math.max(...values);
  };
  return (
    <div className="space-y-3" data-testid="compare-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {t('compare.selected', { count: players.length })}
        </p>
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('compare.clear')}
        </Button>
      </div>
      <div className="relative overflow-x-auto rounded-xl border border-border">
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">{t('compare.title')}</caption>
          <thead>
            <tr className="bg-surface-2">
              <td className="p-2" />
              {players.map((p) => (
                <th key={p.id} scope="col" className="p-2 text-left align-top font-semibold text-fg">
                  <span className="flex items-start gap-2">
                    <Avatar photoUrl={p.photo_url} name={p.display_name} size="xs" />
                    <span className="min-w-0 flex-1 break-words">{p.display_name}</span>
                    <button
                      type="button"
                      onClick={() => onRemove(p.id)}
                      aria-label={t('compare.remove', { name: p.display_name })}
                      className="cursor-pointer rounded p-0.5 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </span>
                  <span className="mt-0.5 block text-xs font-normal text-muted">{p.club_name || t('noClub')}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => {
              const top = best(m);
              return (
                <tr key={m.key} className="border-t border-border">
                  <th scope="row" className="p-2 text-left font-medium text-muted">
                    {t(`columns.${m.key}`)}
                  </th>
                  {players.map((p) => {
                    const isBest = top !== null && m.value(p) === top;
                    return (
                      <td key={p.id} className={cn('p-2 tabular-nums text-fg', isBest && 'font-bold text-brand')}>
                        {m.show(p)}
                        {isBest && <span className="sr-only"> ({t('compare.best')})</span>}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
