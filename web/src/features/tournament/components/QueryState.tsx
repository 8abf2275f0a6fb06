import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';

/** A tab's loading spinner or its error with a retry; the data otherwise. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('tournament');
  if (query.isPending) return <Spinner className="py-12" />;
  if (query.isError) return <LoadFailed title={t('tabLoadFailed')} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** The muted box of an empty list. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{children}</p>;
}
