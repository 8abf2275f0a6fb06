import { GitCompareArrows } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProvisionalMark } from '@/components/RatingMarks';
import { Avatar } from '@/components/ui/Avatar';
import { cn } from '@/lib/cn';
import type { LeaderRow } from '../api/leaderboards';

/** Adding a row's player to the comparison (signed-in readers): the ids already in it. */
export interface CompareAction {
  ids: readonly number[];
  onAdd: (id: number) => void;
}

/** The ranking rows; the reader's own row is highlighted and marked for "show me". */
export function BoardTable({ rows, meId, caption, compare }: { rows: LeaderRow[]; meId: number; caption: string; compare?: CompareAction }) {
  const { t } = useTranslation('leaderboards');
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-left text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-1.5 py-2 sm:px-3 text-right">{t('columns.position')}</th>
            <th scope="col" className="px-1.5 py-2 sm:px-3">{t('columns.player')}</th>
            <th scope="col" className="px-1.5 py-2 sm:px-3 text-right">{t('columns.points')}</th>
            <th scope="col" className="px-1.5 py-2 text-right sm:px-2">
              <abbr title={t('columnsLong.wins')} className="no-underline">{t('columns.wins')}</abbr>
            </th>
            <th scope="col" className="px-1.5 py-2 text-right sm:px-2">
              <abbr title={t('columnsLong.losses')} className="no-underline">{t('columns.losses')}</abbr>
            </th>
            <th scope="col" className="hidden px-1.5 py-2 sm:px-3 text-right sm:table-cell">{t('columns.matches')}</th>
            <th scope="col" className="px-1.5 py-2 sm:px-3 text-right">{t('columns.rating')}</th>
            {compare && (
              <th scope="col" className="px-1.5 py-2 sm:px-3">
                <span className="sr-only">{t('compare.add')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const mine = r.player.id === meId;
            const name = r.player.display_name; // erased accounts are not ranked
            return (
              <tr
                key={r.player.id}
                id={mine ? 'leaderboard-me' : undefined}
                tabIndex={mine ? -1 : undefined}
                aria-current={mine ? 'true' : undefined}
                data-testid={mine ? 'leaderboard-me' : 'leaderboard-row'}
                className={cn('border-t border-border', mine && 'bg-brand/10 font-semibold outline-none')}
              >
                <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums">{r.position}</td>
                <td className="px-1.5 py-2 sm:px-3">
                  <Link to={`/players/${r.player.id}/stats`} className="flex min-w-0 items-center gap-2 text-fg hover:underline">
                    <span className="hidden shrink-0 sm:inline-flex">
                      <Avatar photoUrl={r.player.photo_url} name={name} size="sm" />
                    </span>
                    <span className="max-w-[8.5rem] truncate sm:max-w-none">{name}</span>
                    {mine && <span className="rounded-full bg-brand px-2 text-xs text-brand-fg">{t('you')}</span>}
                  </Link>
                </td>
                <td className="px-1.5 py-2 sm:px-3 text-right font-semibold tabular-nums">{r.points}</td>
                <td className="px-1.5 py-2 text-right sm:px-2 tabular-nums">{r.wins}</td>
                <td className="px-1.5 py-2 text-right sm:px-2 tabular-nums">{r.losses}</td>
                <td className="hidden px-1.5 py-2 sm:px-3 text-right tabular-nums sm:table-cell">{r.matches}</td>
                <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums">
                  <span className="inline-flex flex-col items-end gap-0.5 sm:flex-row sm:items-center sm:gap-1">
                    {r.rating.rating}
                    <ProvisionalMark provisional={r.rating.provisional} />
                  </span>
                </td>
                {compare && (
                  <td className="px-1.5 py-1 sm:px-3 text-right">
                    <CompareButton name={name} added={compare.ids.includes(r.player.id)} onAdd={() => compare.onAdd(r.player.id)} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The row's "Compare" button: adds the player, or says they are in the comparison already. */
export function CompareButton({ name, added, onAdd, compact }: { name: string; added: boolean; onAdd: () => void; compact?: boolean }) {
  const { t } = useTranslation('leaderboards');
  return (
    <button
      type="button"
      onClick={onAdd}
      disabled={added}
      aria-label={added ? t('compare.inComparison', { name }) : t('compare.addName', { name })}
      data-testid="compare-add"
      className={cn(
        'inline-flex min-h-9 min-w-9 cursor-pointer items-center justify-center gap-1 rounded-lg border border-border px-2 text-xs font-medium text-fg hover:bg-surface-2',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default disabled:border-brand disabled:text-brand',
      )}
    >
      <GitCompareArrows className="h-4 w-4" aria-hidden="true" />
      {!compact && <span className="hidden md:inline">{t('compare.add')}</span>}
    </button>
  );
}
