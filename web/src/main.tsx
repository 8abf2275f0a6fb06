import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';
import { initI18n } from '@/lib/i18n';

// The shell's texts (common namespace) load before the first render, so nothing ever shows a raw
// key; page namespaces load with their routes. A failed load still renders (with keys).
const router = createRouter();
initI18n()
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
