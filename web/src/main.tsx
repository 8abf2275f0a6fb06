import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';
import { initI18n } from '@/lib/i18n';

// The shell's texts (common namespace, in the reader's language only) load before the first render,
// so nothing ever shows a raw key; public/theme-init.js has already started that request from <head>.
// The first route's code and texts start loading as the router is created, alongside. A failed
// load still renders (with keys).
const ready = initI18n();
const router = createRouter();
ready
  .catch((error: unknown) => console.error('i18n init failed', error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
