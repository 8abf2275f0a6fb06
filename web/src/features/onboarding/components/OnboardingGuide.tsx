import { CalendarClock, CircleCheck, Medal, PartyPopper, Swords, Trophy, UserRoundPen, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { markOnboardingSeen, type OnboardingProgress } from '../flag';

/** The six steps of spec §2, in order, with the progress flag that marks each one done. */
export const STEPS: { id: string; icon: LucideIcon; done?: keyof OnboardingProgress }[] = [
  { id: 'welcome', icon: PartyPopper },
  { id: 'profile', icon: UserRoundPen, done: 'profileComplete' },
  { id: 'availability', icon: CalendarClock, done: 'availabilitySet' },
  { id: 'tournaments', icon: Trophy, done: 'firstTournamentJoined' },
  { id: 'challenges', icon: Swords, done: 'firstChallengeCreated' },
  { id: 'gamification', icon: Medal },
];

interface Props {
  progress: OnboardingProgress;
  /** Called after the guide was finished or closed (the flag is stored by then). */
  onDone: () => void;
}

/**
 * The onboarding guide modal (spec §2): six steps with a progress count, previous and next, and
 * 'Concluir' on the last step. Finishing or closing (button, Escape, outside) stores the flag.
 * Default export: loaded lazily, with the `onboarding` namespace, only for those who need it.
 */
export default function OnboardingGuide({ progress, onDone }: Props) {
  const { t } = useTranslation('onboarding');
  const [index, setIndex] = useState(0);
  const step = STEPS[index];
  const Icon = step.icon;
  const last = index === STEPS.length - 1;
  const done = step.done ? progress[step.done] : false;

  function finish() {
    markOnboardingSeen();
    onDone();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && finish()}>
      <DialogContent title={t(`steps.${step.id}.title`)} description={t(`steps.${step.id}.body`)}>
        <div className="flex items-center gap-4">
          <span className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-accent text-accent-fg" aria-hidden="true">
            <Icon className="h-7 w-7" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-muted" data-testid="onboarding-progress">
              {t('progress', { current: index + 1, total: STEPS.length })}
            </p>
            <div className="mt-2 flex gap-1.5" aria-hidden="true">
              {STEPS.map((s, i) => (
                <span key={s.id} className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-brand' : 'bg-surface-2'}`} />
              ))}
            </div>
          </div>
        </div>
        {done && (
          <p className="mt-4 flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck className="h-4 w-4" aria-hidden="true" />
            {t('done')}
          </p>
        )}
        <div className="mt-6 flex items-center justify-between gap-3">
          <Button variant="outline" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
            {t('previous')}
          </Button>
          {last ? (
            <Button onClick={finish}>{t('finish')}</Button>
          ) : (
            <Button onClick={() => setIndex((i) => i + 1)}>{t('next')}</Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
