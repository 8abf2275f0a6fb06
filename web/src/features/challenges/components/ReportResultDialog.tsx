import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { focusFirstInvalid } from '@/lib/focus';
import type { Match } from '../api/list-matches';
import { reportResult } from '../api/report-result';
import { errorMessage, fieldErrors } from '../lib/errors';
import { todayInputValue } from '../lib/format';
import { buildScore, emptyRows, type ScoreProblem } from '../lib/score';
import { ScoreEntry } from './ScoreEntry';

interface Props {
  match: Match;
  meId: number;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** The day the match was planned for when it has passed, else today (the usual case: reporting right after). */
function defaultDay(match: Match, today: string) {
  if (!match.scheduled_at) return today;
  const day = todayInputValue(new Date(match.scheduled_at));
  return day < today ? day : today;
}

/**
 * Report a result (SPEC §5): the score from the reporter's side, set by set, and the day it was
 * played (not in the future). The server checks the tennis rules and answers per field.
 */
export function ReportResultDialog({ match, meId, onOpenChange, onDone }: Props) {
  const { t } = useTranslation('challenges');
  const toast = useToast();
  const today = todayInputValue();
  const opponent = match.player1.id === meId ? match.player2 : match.player1;
  const [rows, setRows] = useState(emptyRows);
  const [playedOn, setPlayedOn] = useState(() => defaultDay(match, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const built = buildScore(rows);

  const problemText = (p: ScoreProblem) => t(`report.problems.${p.code}`, { set: 'set' in p ? p.set : 0 });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const next: Record<string, string> = {};
    if (!built.ok) next.score = problemText(built.problem);
    if (!playedOn) next.played_on = t('report.dateRequired');
    else if (playedOn > today) next.played_on = t('report.dateFuture');
    setErrors(next);
    if (Object.keys(next).length > 0 || !built.ok) return focusFirstInvalid(form);
    setBusy(true);
    try {
      await reportResult(match.id, built.score, playedOn);
      toast.success(t('report.success'));
      onDone();
      onOpenChange(false);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(t('report.failed'), errorMessage(error));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  }

  const preview = built.ok && built.mine !== built.theirs
    ? built.mine > built.theirs
      ? t('report.previewWin', { mine: built.mine, theirs: built.theirs })
      : t('report.previewLoss', { name: opponent.display_name, mine: built.mine, theirs: built.theirs })
    : null;

  return (
    <Dialog open onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={t('report.title')} description={t('report.description', { name: opponent.display_name, tournament: match.tournament.name })}>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          <ScoreEntry rows={rows} onChange={setRows} opponentName={opponent.display_name} error={errors.score} />
          {preview && (
            <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm font-medium text-fg" aria-live="polite" data-testid="score-preview">
              {preview} · <span className="tabular-nums">{built.ok ? built.score : ''}</span>
            </p>
          )}
          <TextField
            label={t('report.playedOn')}
            type="date"
            max={today}
            value={playedOn}
            error={errors.played_on}
            onChange={(e) => setPlayedOn(e.target.value)}
            className="max-w-48"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('actions.back')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('report.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
