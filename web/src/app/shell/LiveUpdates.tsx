import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GamificationPopups } from '@/components/gamification/GamificationPopups';
import { startLive } from '@/lib/live';
import { useSession } from '@/lib/SessionProvider';

/**
 * Keeps the tab's live-updates socket open while someone is signed in, and shows the
 * gamification popups (new achievements, level up) that the socket or the page load brings.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { user, refresh } = useSession();
  const userId = user?.id ?? 0;
  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    return startLive(queryClient, userId, () => void refresh());
  }, [queryClient, userId, refresh]);
  return userId ? <GamificationPopups userId={userId} /> : null;
}
