import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createRouter, routerReady } from '@/app/router';
import { initI18n } from '@/lib/i18n';

// The first paint is the whole first page, in the reader's language: it waits for the shell's texts
// (common namespace; public/theme-init.js has already started that request from <head>) and for the
// first route's code and texts, which start loading as the router is created — all in parallel. No
// spinner flashes and nothing shows a raw key, and the page's render happens before the first paint
// rather than as a long task after it (issue 16: TBT). A failed load still renders (with keys, or
// the route's error screen).
const ready = initI18n().catch((error: unknown) => console.error('i18n init failed', error));
const router = createRouter();
void Promise.all([ready, routerReady(router)]).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
