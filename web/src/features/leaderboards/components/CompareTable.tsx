import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProvisionalMark } from '@/components/RatingMarks';
import { Avatar } from '@/components/ui/Avatar';
import type { Compared, Comparison } from '../api/leaderboards';

/** A small line of the rating over the last matches, with its change as text for everyone. */
function Trend({ p }: { p: Compared }) {
  const { t } = useTranslation('leaderboards');
  const change = p.trend_change;
  const label =
    change > 0 ? t('compare.trendUp', { value: change }) : change < 0 ? t('compare.trendDown', { value: -change }) : t('compare.trendFlat');
  const pts = p.trend;
  let path = '';
  if (pts.length >= 2) {
    const lo = Math.min(...pts);
    const span = Math.max(...pts) - lo || 1;
    path = pts.map((v, i) => `${i === 0 ? 'M' : 'L'}${((i / (pts.length - 1)) * 60).toFixed(1)},${(18 - ((v - lo) / span) * 16).toFixed(1)}`).join(' ');
  }
  const tone = change > 0 ? 'text-success' : change < 0 ? 'text-danger' : 'text-muted';
  return (
    <span className="inline-flex items-center gap-2">
      {path && (
        <svg width="60" height="20" viewBox="0 0 60 20" aria-hidden="true" className={tone}>
          <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      )}
      <span className={`tabular-nums ${tone}`} title={label}>
        <span aria-hidden="true">{change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0'}</span>
        <span className="sr-only">{label}</span>
      </span>
    </span>
  );
}

/** The selected players side by side (a column each) and the head-to-head matrix among them. */
export function CompareTable({ data, onRemove }: { data: Comparison; onRemove: (id: number) => void }) {
  const { t } = useTranslation('leaderboards');
  const ps = data.players;
  const rows: [string, (p: Compared) => React.ReactNode][] = [
    ['matches', (p) => p.matches],
    ['wins', (p) => p.wins],
    ['losses', (p) => p.losses],
    ['sets', (p) => `${p.sets_won}–${p.sets_lost}`],
    ['winRate', (p) => t('compare.percent', { value: p.win_rate })],
    ['points', (p) => p.points],
    ['bestPosition', (p) => (p.best_position > 0 ? t('compare.position', { value: p.best_position }) : t('compare.noneYet'))],
    [
      'rating',
      (p) => (
        <span className="inline-flex items-center gap-1">
          {p.rating.rating}
          <ProvisionalMark provisional={p.rating.provisional} />
        </span>
      ),
    ],
    ['trend', (p) => <Trend p={p} />],
  ];
  const h2h = new Map(data.head_to_head.map((h) => [`${h.player_id}-${h.opponent_id}`, h]));
  return (
    <div className="space-y-6">
      <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm">
        <table className="w-full text-sm" data-testid="compare-table">
          <caption className="sr-only">{t('compare.caption')}</caption>
          <thead className="bg-surface-2">
            <tr>
              <th scope="col" className="px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
                {t('compare.stat')}
              </th>
              {ps.map((p) => (
                <th key={p.player.id} scope="col" className="px-2 py-2 text-left align-top font-semibold text-fg" data-testid="compare-player">
                  <div className="flex items-start gap-1">
                    <Link to={`/players/${p.player.id}/stats`} className="flex min-w-0 flex-1 flex-col items-start gap-1 hover:underline sm:flex-row sm:items-center">
                      <Avatar photoUrl={p.player.photo_url} name={p.player.display_name} size="sm" />
                      <span className="break-words">{p.player.display_name}</span>
                    </Link>
                    <button
                      type="button"
                      onClick={() => onRemove(p.player.id)}
                      aria-label={t('compare.remove', { name: p.player.display_name })}
                      className="inline-flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, cell]) => (
              <tr key={key} className="border-t border-border">
                <th scope="row" className="px-2 py-2 text-left font-medium text-muted">
                  {t(`compare.rows.${key}`)}
                </th>
                {ps.map((p) => (
                  <td key={p.player.id} className="px-2 py-2 tabular-nums text-fg">
                    {cell(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ps.length >= 2 && (
        <div>
          <h2 id="compare-h2h" className="font-semibold text-fg">
            {t('compare.h2hTitle')}
          </h2>
          {/* Focusable: on a phone the matrix scrolls sideways and the keyboard must reach it. */}
          <div
            role="region"
            aria-labelledby="compare-h2h"
            tabIndex={0}
            className="mt-2 overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <table className="w-full text-sm" data-testid="compare-h2h">
              <caption className="sr-only">{t('compare.h2hCaption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <td className="px-2 py-2" />
                  {ps.map((p) => (
                    <th key={p.player.id} scope="col" className="px-2 py-2 text-left font-semibold text-fg">
                      {p.player.display_name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ps.map((a) => (
                  <tr key={a.player.id} className="border-t border-border">
                    <th scope="row" className="px-2 py-2 text-left font-semibold text-fg">
                      {a.player.display_name}
                    </th>
                    {ps.map((b) => {
                      if (a.player.id === b.player.id)
                        return (
                          <td key={b.player.id} className="px-2 py-2 text-muted">
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">{t('compare.h2hSame')}</span>
                          </td>
                        );
                      const h = h2h.get(`${a.player.id}-${b.player.id}`);
                      return (
                        <td key={b.player.id} className="px-2 py-2 tabular-nums text-fg" data-testid="h2h-cell">
                          {h ? t('compare.h2hRecord', { wins: h.wins, losses: h.losses }) : <span className="text-muted">{t('compare.h2hNone')}</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
