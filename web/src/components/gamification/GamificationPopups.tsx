import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { gamificationKeys, markPopupsSeen, popupsQuery, type Popups } from '@/lib/gamification';

const PopupCard = lazy(() => import('./PopupCard'));

/**
 * Shows a new achievement or a level up once (issue 15): the server keeps a "seen" marker, the
 * popups are read at page load and again when a "gamification" live event arrives (lib/live.ts
 * invalidates the key). Marked seen as soon as shown, so a reload never shows them twice. The
 * card and its texts load only when there is something to show.
 */
export function GamificationPopups({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(popupsQuery(userId));
  const [shown, setShown] = useState<Popups | null>(null);
  const marking = useRef(false);
  const pending = data && (data.achievements.length > 0 || data.level > 0) ? data : null;

  useEffect(() => {
    if (!pending || shown || marking.current) return;
    marking.current = true;
    void loadNamespaces(['gamification'])
      .then(() => {
        setShown(pending);
        queryClient.setQueryData(gamificationKeys.popups(userId), { achievements: [], level: 0 });
        return markPopupsSeen(pending.achievements, pending.level);
      })
      .then(() => void queryClient.invalidateQueries({ queryKey: gamificationKeys.summary(userId) }))
      .catch(() => {})
      .finally(() => {
        marking.current = false;
      });
  }, [pending, shown, queryClient, userId]);

  const close = useCallback(() => setShown(null), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PopupCard popups={shown} onClose={close} />
    </Suspense>
  );
}
