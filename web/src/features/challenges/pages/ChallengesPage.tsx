import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { ChallengesSection } from '../components/ChallengesSection';
import { CreateChallengeDialog } from '../components/CreateChallengeDialog';
import { MatchesSection } from '../components/MatchesSection';
import { PendingValidations } from '../components/PendingValidations';

const idParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /challenges (signed in): results waiting for the viewer as referee, their matches with what to
 * do next, and their challenges sent and received. `?create=true` (with optional `tournament`
 * and `opponent`) opens the create challenge dialog; `?match=` (notification links) shows and
 * highlights that match; `?box=` and `?status=` keep the challenge filters.
 */
export default function ChallengesPage() {
  const { t } = useTranslation('challenges');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const creating = params.get('create') === 'true';
  const focusId = idParam(params.get('match'));
  const createButton = useRef<HTMLButtonElement>(null); // focus goes back here when the dialog opened from the URL

  function setCreating(open: boolean, afterCreate = false) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('create', 'true');
        else ['create', 'tournament', 'opponent'].forEach((k) => next.delete(k));
        if (afterCreate) {
          // After sending, show the challenge where it now is: the sent box.
          next.delete('status');
          next.delete('match');
          next.set('box', 'sent');
        }
        return next;
      },
      { replace: !open, preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle title={tc('pages.challenges')} />
          <p className="mt-2 text-muted">{t('intro')}</p>
        </div>
        <Button ref={createButton} className="shrink-0 self-start sm:self-auto" onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('create.action')}
        </Button>
      </div>
      <div className="mt-8 space-y-12">
        <PendingValidations staffOnly />
        <ChallengesSection />
        <MatchesSection focusId={focusId} />
      </div>
      {creating && (
        <CreateChallengeDialog
          onOpenChange={(open) => setCreating(open)}
          initialTournament={idParam(params.get('tournament'))}
          initialOpponent={idParam(params.get('opponent'))}
          onCreated={() => setCreating(false, true)}
          returnFocus={() => createButton.current}
        />
      )}
    </div>
  );
}
