import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect } from 'react';
import { loadSignedInShell } from '@/app/shell/loadSignedInShell';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { Features } from '../components/Features';
import { FinalCta } from '../components/FinalCta';
import { Hero } from '../components/Hero';
import { HowItWorks } from '../components/HowItWorks';

// The signed-in home is its own chunk, loaded with its texts once the session says someone is
// signed in, through the shell's signed-in chunk (which every member loads anyway): a dynamic
// import lists its target's chunks for preloading, and that list would otherwise sit in the
// landing's size-capped initial JavaScript (scripts/check-size.mjs).
const SignedInHome = lazy(() => loadSignedInShell().then((m) => m.loadSignedInHome()));

/**
 * `/`: the landing page for visitors, the signed-in home (SPEC §2) for members. The first render
 * usually knows which (main.tsx waits up to 1 s for the user read started from <head>); when the
 * answer is slower, the landing shows until it comes.
 */
export default function HomePage() {
  const { user } = useSession();
  if (user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignedInHome />
      </Suspense>
    );
  }
  return <Landing />;
}

function Landing() {
  const { t } = useTranslation('home');
  useEffect(() => {
    document.title = t('meta.title');
  }, [t]);
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
      <FinalCta />
    </>
  );
}
