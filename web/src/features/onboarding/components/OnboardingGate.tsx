import { lazy, Suspense, useState } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { useSession } from '@/lib/SessionProvider';
import { hasSeenOnboarding, NO_PROGRESS } from '../flag';

// The guide, Radix's dialog and the texts load only for signed-in users who have not seen it.
const OnboardingGuide = lazy(() =>
  Promise.all([import('./OnboardingGuide'), loadNamespaces(['onboarding'])]).then(([m]) => m),
);

/** Shows the onboarding guide once to signed-in users lacking the has-seen-onboarding flag. */
export function OnboardingGate() {
  const { user, initialLoading } = useSession();
  const [dismissed, setDismissed] = useState(false);
  if (initialLoading || !user || dismissed || hasSeenOnboarding()) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingGuide progress={NO_PROGRESS} onDone={() => setDismissed(true)} />
    </Suspense>
  );
}
