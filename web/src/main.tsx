import './index.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createRouter, routerReady } from '@/app/router';
import { initI18n } from '@/lib/i18n';
import { createSessionStore } from '@/lib/session';

// The first paint is the whole first page, in the reader's language: it waits for the shell's texts
// (common namespace; public/theme-init.js has already started that request from <head>) and for the
// first route's code and texts, which start loading as the router is created — all in parallel. No
// spinner flashes and nothing shows a raw key, and the page's render happens before the first paint
// rather than as a long task after it (issue 16: TBT). A failed load still renders (with keys, or
// the route's error screen).
//
// It also waits for the reader's user (public/theme-init.js asked for it from <head>, so it is
// usually there first), up to SESSION_WAIT_MS: the first render then already shows the signed-in
// page, and its queries start under the user's keys — no visitor render to redo, no page data read
// twice. A slower answer does not hold the page back: it renders as a visitor's, then updates.
const SESSION_WAIT_MS = 1000;
const ready = initI18n().catch((error: unknown) => console.error('i18n init failed', error));
const session = createSessionStore();
const known = Promise.race([session.start(), new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]);
// The router is created in a task of its own, after this module's: evaluating the app's modules
// and creating the router (matching the route table, starting the first route's code) were one
// long task on a phone (Total Blocking Time, issue 16). The route's code is already downloading:
// the server put its preloads in the page's <head>.
setTimeout(() => {
  const router = createRouter();
  void Promise.all([ready, routerReady(router), known]).finally(() => render(router));
}, 0);

function render(router: ReturnType<typeof createRouter>) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* The last boundary for a component that suspends outside a page (AppShell has the pages'). */}
      <Suspense fallback={null}>
        <AppProviders session={session}>
          <RouterProvider router={router} />
        </AppProviders>
      </Suspense>
    </StrictMode>,
  );
}
