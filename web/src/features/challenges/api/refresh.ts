import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '@/lib/SessionProvider';
import { challengeKeys, matchKeys } from './keys';

/**
 * After any challenge or match action: both lists change together (accepting makes a match,
 * validating completes its challenge). `everything` also refreshes other features' views, such
 * as a tournament's standings after a validated result.
 */
export function useRefreshChallenges() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  return useCallback(
    (everything = false) => {
      if (everything) return queryClient.invalidateQueries();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: challengeKeys.all(userId) }),
        queryClient.invalidateQueries({ queryKey: matchKeys.all(userId) }),
      ]);
    },
    [queryClient, userId],
  );
}
