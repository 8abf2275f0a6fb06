import { useDeferredValue, useMemo } from 'react';

/**
 * `data` of the query named `key`, rendered without blocking the page when it changes (issue 16).
 *
 * A query's answer reaches React as a blocking update (TanStack Query reads its cache through
 * useSyncExternalStore), so a page that draws its whole body when the data arrives did it in one
 * main-thread task: 150–300 ms on a mid-range phone, the tournament page's Total Blocking Time.
 * Through useDeferredValue that render runs at transition priority instead, in slices that yield
 * to the browser between them; the page meanwhile keeps what it showed (its skeleton the first
 * time, the previous answer after a refetch).
 *
 * Undefined while the deferred value still belongs to another key: after the page moved to
 * another tournament or filter, the previous one's answer is never shown under the new one. A
 * page mounted with the answer already cached shows it at once (useDeferredValue does not defer
 * a component's first render).
 */
export function useDeferredData<T>(key: string, data: T | undefined): T | undefined {
  const current = useMemo(() => ({ key, data }), [key, data]);
  const deferred = useDeferredValue(current);
  return deferred.key === key ? deferred.data : undefined;
}
