import { useQuery } from '@tanstack/react-query';
import { CalendarCog } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, type ReturnFocus } from '@/components/ui/Dialog';
import { TextAreaField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { focusFirstInvalid } from '@/lib/focus';
import { useSession } from '@/lib/SessionProvider';
import { createChallenge } from '../api/create-challenge';
import { availabilityQuery } from '../api/own-availability';
import { useRefreshChallenges } from '../api/refresh';
import { suggestionsQuery } from '../api/suggest-times';
import { errorMessage, fieldErrors } from '../lib/errors';
import { fromInputValue, isBlocking, timeIssues } from '../lib/time-advice';
import { OpponentPicker } from './OpponentPicker';
import { ProposedTimes } from './ProposedTimes';

interface Props {
  onOpenChange: (open: boolean) => void;
  /** Pre-filled from ?tournament= and ?opponent= (a ranking's challenge link). */
  initialTournament: number;
  initialOpponent: number;
  onCreated: () => void;
  /** The page's "new challenge" button, focused on close when the dialog opened from the URL. */
  returnFocus?: ReturnFocus;
}

/** A notice sending the player to their profile to set a weekly availability. */
function AvailabilityNotice() {
  const { t } = useTranslation('challenges');
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-fg" data-testid="availability-notice">
      <CalendarCog className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        {t('create.noAvailability')}{' '}
        <Link to="/profile" className="font-medium text-brand underline underline-offset-2">
          {t('create.goToProfile')}
        </Link>
      </span>
    </p>
  );
}

/**
 * The create challenge dialog (SPEC §2, §5): tournament, opponent within range, 1–3 proposed
 * times with the advice and suggestions, optional message. Client checks for the two spec
 * messages; server errors per field and as a toast titled 'Error creating challenge'.
 */
export function CreateChallengeDialog({ onOpenChange, initialTournament, initialOpponent, onCreated, returnFocus }: Props) {
  const { t } = useTranslation('challenges');
  const toast = useToast();
  const { user } = useSession();
  const meId = user?.id ?? 0;
  const refresh = useRefreshChallenges();
  const [tournamentId, setTournamentId] = useState(initialTournament);
  const [opponent, setOpponent] = useState({ id: initialOpponent, name: '' });
  const [times, setTimes] = useState(['', '']);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ text: string; availability: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => new Date());
  const availability = useQuery(availabilityQuery(meId));
  const chosen = opponent.name ? opponent.id : 0;
  const suggestions = useQuery(suggestionsQuery(meId, chosen));
  const noAvailability = availability.data === false || suggestions.data?.mine_configured === false;

  const clear = (...keys: string[]) => setErrors((e) => (keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e));
  const chooseTournament = useCallback(
    (id: number) => {
      if (id === tournamentId) return;
      setErrors(({ tournament_id: _, opponent_id: __, ...rest }) => rest);
      setTournamentId(id);
      setOpponent({ id: 0, name: '' });
    },
    [tournamentId],
  );
  const chooseOpponent = useCallback((id: number, name: string) => {
    setOpponent({ id, name });
    if (name) setErrors(({ tournament_id: _, opponent_id: __, ...rest }) => rest);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const dates = times.map(fromInputValue).filter((d): d is Date => d !== null);
    const next: Record<string, string> = {};
    if (!tournamentId) next.tournament_id = t('create.selectRequired');
    if (!chosen) next.opponent_id = t('create.selectRequired');
    if (dates.length === 0) next.times = t('create.timeRequired');
    else if (dates.some((d) => timeIssues(d, new Date()).some(isBlocking))) next.times = t('create.fixTimes');
    setErrors(next);
    setRefusal(null);
    if (Object.keys(next).length > 0) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const body = { tournament_id: tournamentId, opponent_id: chosen, times: dates.map((d) => d.toISOString()), message: message.trim() };
      await createChallenge(body);
      toast.success(t('create.success', { name: opponent.name }));
      void refresh();
      onCreated();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setRefusal({ text: errorMessage(error) ?? t('create.failed'), availability: error instanceof ApiError && error.code === 'challenge.no_availability' });
      }
      toast.error(t('create.failed'), errorMessage(error));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={t('create.title')} description={t('create.intro')} className="max-w-2xl" returnFocus={returnFocus}>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" data-testid="create-challenge-form">
          {noAvailability && <AvailabilityNotice />}
          <OpponentPicker tournamentId={tournamentId} opponentId={opponent.id} onTournament={chooseTournament} onOpponent={chooseOpponent} errors={errors} />
          {suggestions.data && !suggestions.data.opponent_configured && (
            <p className="text-sm text-muted">{t('create.opponentNoAvailability', { name: opponent.name })}</p>
          )}
          <ProposedTimes values={times} onChange={(v) => (setTimes(v), clear('times'))} suggestions={suggestions.data?.times ?? []} error={errors.times} now={now} />
          <TextAreaField
            label={t('create.message')}
            hint={t('create.messageHint')}
            value={message}
            maxLength={500}
            error={errors.message}
            onChange={(e) => (setMessage(e.target.value), clear('message'))}
            className="min-h-20"
          />
          {refusal && (
            <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2.5 text-sm text-fg" data-testid="create-refusal">
              {refusal.text}{' '}
              {refusal.availability && (
                <Link to="/profile" className="font-medium text-brand underline underline-offset-2">
                  {t('create.goToProfile')}
                </Link>
              )}
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('actions.back')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('create.sending') : t('create.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
