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
 * Only an answer of the same key is deferred. After the page moved to another tournament or
 * filter, the previous one's answer is never shown under the new key: the new key's answer is
 * shown at once when it is cached (a blocking render, as without this hook), else nothing until
 * it arrives. A page mounted with its answer cached shows it at once too (useDeferredValue does
 * not defer a component's first render). The component drawing the answer must be memoised
 * (React.memo): the blocking render passes it the same, deferred, props, and only a memoised
 * component skips drawing them again.
 */
export function useDeferredData<T>(key: string, data: T | undefined): T | undefined {
  const current = useMemo(() => ({ key, data }), [key, data]);
  const deferred = useDeferredValue(current);
  return deferred.key === key ? deferred.data : data;
}
