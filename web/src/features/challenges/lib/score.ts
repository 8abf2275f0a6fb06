/**
 * The score entry of the report result dialog: up to three rows "me – opponent" (games), a
 * tie-break field for a 7-6 set, and the third set played as a super tie-break to 10 (SPEC §9).
 * The server parses and checks the tennis rules (internal/tennis) and answers per field in the
 * user's language; here we only turn the rows into its text format, from the reporter's side
 * ("6-4 3-6 10-8", "7-6(5) 6-3"), and catch what is plainly unfinished typing.
 */
export interface SetRow {
  mine: string;
  theirs: string;
  /** The loser's points in a 7-6 tie-break (optional). */
  tieBreak: string;
}

export const SET_ROWS = 3;
export const emptyRows = (): SetRow[] => Array.from({ length: SET_ROWS }, () => ({ mine: '', theirs: '', tieBreak: '' }));

export type ScoreProblem = { code: 'empty' } | { code: 'incomplete' | 'gap' | 'notNumber'; set: number };
export type ScoreResult = { ok: true; score: string; mine: number; theirs: number } | { ok: false; problem: ScoreProblem };

const blank = (s: string) => s.trim() === '';
const games = (s: string) => (/^\d{1,2}$/.test(s.trim()) ? Number(s.trim()) : null);

/** A 7-6 (or 6-7) set takes a tie-break; the third set is a super tie-break when a side reaches 10. */
export const takesTieBreak = (row: SetRow, index: number) => {
  const a = games(row.mine);
  const b = games(row.theirs);
  return index < 2 && a !== null && b !== null && Math.max(a, b) === 7 && Math.min(a, b) === 6;
};

/** Rows → the score text and the sets each side won; or the first problem, by set (1-based). */
export function buildScore(rows: readonly SetRow[]): ScoreResult {
  const parts: string[] = [];
  let mine = 0;
  let theirs = 0;
  let ended = false;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const set = i + 1;
    if (blank(row.mine) && blank(row.theirs)) {
      ended = true;
      continue;
    }
    if (ended) return { ok: false, problem: { code: 'gap', set } };
    if (blank(row.mine) || blank(row.theirs)) return { ok: false, problem: { code: 'incomplete', set } };
    const a = games(row.mine);
    const b = games(row.theirs);
    if (a === null || b === null) return { ok: false, problem: { code: 'notNumber', set } };
    let text = `${a}-${b}`;
    if (takesTieBreak(row, i) && !blank(row.tieBreak)) {
      const tb = games(row.tieBreak);
      if (tb === null) return { ok: false, problem: { code: 'notNumber', set } };
      text += `(${tb})`;
    }
    parts.push(text);
    if (a > b) mine++;
    else if (b > a) theirs++;
  }
  if (parts.length === 0) return { ok: false, problem: { code: 'empty' } };
  return { ok: true, score: parts.join(' '), mine, theirs };
}

/**
 * "6-4 3-6 10-8" as seen from the other side: "4-6 6-3 8-10". Every "a-b" pair turns, in any of
 * the notations the server reads ("[10-8]", "(10-8)", "7-6(7-5)"); a lone tie-break number, the
 * loser's points, stays.
 */
export function flipScore(score: string): string {
  return score
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.replace(/(\d+)\s*[-–/:]\s*(\d+)/g, '$2-$1'))
    .join(' ');
}
