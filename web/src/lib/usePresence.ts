import { useEffect, useSyncExternalStore } from 'react';
import { isOnline, subscribePresence, watchPresence } from './live';

/** Whether user id has the app open somewhere (any tab, any server instance), live. */
export function usePresence(id: number): boolean {
  useEffect(() => (id > 0 ? watchPresence(id) : undefined), [id]);
  return useSyncExternalStore(subscribePresence, () => isOnline(id), () => false);
}
