import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { TextAreaField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import type { Match } from '../api/list-matches';
import { validateResult } from '../api/validate-result';
import { errorMessage, fieldErrors } from '../lib/errors';
import { PersonLine } from './PersonLine';
import { ResultSummary } from './ResultSummary';

interface Props {
  match: Match;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/**
 * The referee result validation dialog (SPEC §2): the players, the score, who reported it and
 * the opponent's answer; approve (the standings move) or reject (the players report again),
 * with optional notes. Failures: 'Failed to validate match'.
 */
export function ValidateResultDialog({ match: m, onOpenChange, onDone }: Props) {
  const { t } = useTranslation('challenges');
  const toast = useToast();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  async function decide(approve: boolean) {
    setBusy(approve ? 'approve' : 'reject');
    setError(undefined);
    try {
      await validateResult(m.id, approve, notes);
      toast.success(t(approve ? 'validate.approved' : 'validate.rejected'));
      onDone();
      onOpenChange(false);
    } catch (err) {
      setError(fieldErrors(err).notes);
      toast.error(t('validate.failed'), errorMessage(err));
      // Another referee may have decided first: the lists show what is left.
      onDone();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent title={t('validate.title')} description={t('validate.description', { tournament: m.tournament.name })}>
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <PersonLine person={m.player1} />
            <span className="text-sm text-muted">{t('match.versus')}</span>
            <PersonLine person={m.player2} />
          </div>
          <ResultSummary match={m} />
          <TextAreaField
            label={t('validate.notes')}
            hint={t('validate.notesHint')}
            value={notes}
            maxLength={1000}
            error={error}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={!!busy}>
              {t('actions.back')}
            </Button>
            <Button variant="secondary" onClick={() => void decide(false)} disabled={!!busy}>
              {t('validate.reject')}
            </Button>
            <Button onClick={() => void decide(true)} disabled={!!busy}>
              {t('validate.approve')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
