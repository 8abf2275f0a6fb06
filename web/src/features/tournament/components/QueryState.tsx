import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

/** A tab's loading spinner or its error with a retry; the data otherwise. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('tournament');
  if (query.isPending) return <Spinner className="py-12" />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-border bg-surface p-6 text-center">
        <p className="font-semibold text-fg">{t('tabLoadFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** The muted box of an empty list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{children}</p>;
}
