import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';

/**
 * Route error boundary (spec §2 "Error fallback"). Try again reloads the page: that also recovers
 * from the usual cause in production, a lazy chunk that vanished with a new deployment.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-surface-2 text-danger" aria-hidden="true">
        <TriangleAlert className="h-8 w-8" />
      </span>
      <h1 className="text-3xl font-bold text-fg">{t('errorBoundary.title')}</h1>
      <p className="mt-3 text-muted">{t('errorBoundary.body')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('errorBoundary.retry')}
      </Button>
    </section>
  );
}

/** When the shell itself failed: the same message, with a <main> of its own. */
export function RootError() {
  return (
    <main id="main" className="min-h-dvh bg-bg">
      <RouteError />
    </main>
  );
}
