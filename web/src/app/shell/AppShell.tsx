import { lazy, Suspense, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { OnboardingGate } from '@/features/onboarding/components/OnboardingGate';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { useAfterFirstPaint, useAfterNextPaint } from '@/lib/useAfterFirstPaint';
import { Footer } from './Footer';
import { Header } from './Header';
import { HelpButton } from './HelpButton';
import { loadSignedInShell } from './loadSignedInShell';
import { NavigationIndicator } from './NavigationIndicator';
import { ScrollBack } from './ScrollBack';

const FloatingActions = lazy(() => loadSignedInShell().then((m) => ({ default: m.FloatingActions })));
const LiveUpdates = lazy(() => loadSignedInShell().then((m) => ({ default: m.LiveUpdates })));

// The app's first render is drawn in three tasks rather than one (Preact has no time slicing;
// Total Blocking Time, issue 16): the shell, then the page a task later, then the footer once the
// browser is idle. Later navigations draw the page at once: the shell is already there.
let shellDrawn = false;

/** The page, a task after the shell on the app's first render (main is empty until then). */
function PageAfterShell() {
  const ready = useAfterNextPaint(!shellDrawn);
  if (!ready) return null;
  shellDrawn = true;
  return <Outlet />;
}

/**
 * The router's scroll restoration, mounted with the page: on a reload or a link with a #hash it
 * scrolls when it mounts, which must find the page drawn (the router applies the saved position
 * when restoration is enabled, however late).
 */
function ScrollRestorationAfterPage() {
  return useAfterNextPaint(!shellDrawn) ? <ScrollRestoration /> : null;
}

/** The footer always starts below the fold (main is a screen tall): it comes once the page is idle. */
function FooterWhenIdle() {
  return useAfterFirstPaint() ? <Footer /> : null;
}

/**
 * Header, page, footer and the floating buttons around every route; for signed-in users also the
 * action menu, the admin quick access and the onboarding guide.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div
      className="flex min-h-dvh flex-col"
      // The floating buttons' height from the viewport's bottom (help: 1.25 + 3.5 rem; signed in,
      // the quick actions above it: 5.5 + 3.5 rem) plus a gap: the footer ends with this much
      // room, so at the end of the page nothing lies under them (issue 15, "the first minutes").
      style={{ '--fab-space': user ? '9.75rem' : '5.75rem' } as CSSProperties}
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-medium text-brand-fg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <NavigationIndicator />
      {/* At least a screen tall (minus the 4rem header): the footer starts below the fold, so it
          never jumps in view when a lazy page or its data arrives above it (CLS, issue 16). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {/* A text namespace the route did not load suspends its component (react-i18next): Preact
            needs a boundary to wait for it, where React would hold the page (DECISIONS, "Preact in
            place of React"). Each route loads its namespaces first, so this is a safety net. */}
        <Suspense fallback={<PageSpinner />}>
          <PageAfterShell />
        </Suspense>
      </main>
      <FooterWhenIdle />
      <HelpButton />
      {user && (
        <Suspense fallback={null}>
          <FloatingActions />
          <LiveUpdates />
        </Suspense>
      )}
      <OnboardingGate />
      <ScrollRestorationAfterPage />
      <ScrollBack />
    </div>
  );
}
