import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { takesTieBreak, type SetRow } from '../lib/score';

interface Props {
  rows: SetRow[];
  onChange: (rows: SetRow[]) => void;
  opponentName: string;
  /** The server's (or the client's) error for the score, shown under the rows. */
  error?: string;
}

// Not the shared control classes: those are full width, and a score box is two digits wide.
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-danger';
const box = cn('h-11 w-14 rounded-lg border border-border bg-surface text-center text-lg tabular-nums text-fg sm:w-16', focus);
const tieBox = cn('h-9 w-14 rounded-lg border border-border bg-surface text-center tabular-nums text-fg', focus);

/**
 * Set rows "me – opponent": games per set, the loser's points of a 7-6 tie-break, and the third
 * set as a super tie-break to 10 (SPEC §9). Numeric keyboards on phones.
 */
export function ScoreEntry({ rows, onChange, opponentName, error }: Props) {
  const { t } = useTranslation('challenges');
  const id = useId();
  const update = (i: number, patch: Partial<SetRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 2);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-fg">{t('report.score')}</legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('report.scoreHint')}
      </p>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_auto_auto_auto] items-center gap-x-2 gap-y-3 sm:gap-x-3">
        <span />
        <span className="w-14 truncate text-center text-xs font-semibold text-muted sm:w-16">{t('report.me')}</span>
        <span aria-hidden="true" />
        <span className="w-14 truncate text-center text-xs font-semibold text-muted sm:w-16" title={opponentName}>
          {opponentName.split(' ')[0]}
        </span>
        {rows.map((row, i) => {
          const label = i === 2 ? t('report.thirdSet') : t('report.set', { n: i + 1 });
          return (
            <div key={i} className="contents">
              <span className="text-sm font-medium text-fg">{label}</span>
              <input
                className={box}
                inputMode="numeric"
                autoComplete="off"
                aria-label={t('report.myGames', { set: label })}
                aria-invalid={error ? true : undefined}
                value={row.mine}
                onChange={(e) => update(i, { mine: digits(e.target.value) })}
              />
              <span aria-hidden="true" className="text-center text-muted">
                –
              </span>
              <input
                className={box}
                inputMode="numeric"
                autoComplete="off"
                aria-label={t('report.theirGames', { set: label, name: opponentName })}
                aria-invalid={error ? true : undefined}
                value={row.theirs}
                onChange={(e) => update(i, { theirs: digits(e.target.value) })}
              />
              {takesTieBreak(row, i) && (
                <label className="col-span-3 col-start-2 flex items-center gap-2 text-xs text-muted">
                  {t('report.tieBreak')}
                  <input
                    className={tieBox}
                    inputMode="numeric"
                    autoComplete="off"
                    value={row.tieBreak}
                    onChange={(e) => update(i, { tieBreak: digits(e.target.value) })}
                  />
                </label>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
