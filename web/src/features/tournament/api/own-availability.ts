import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

type Slot = components['schemas']['SlotView'];

/**
 * The signed-in player's weekly availability, for the Overview's summary. Same key as the profile
 * page's GET /api/profile query, so the two share the cached answer.
 */
export function ownAvailabilityQuery(userId: number) {
  return queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => request((api) => api.GET('/api/profile'), { errorToast: false }),
    select: (profile): { slots: Slot[]; timezone: string } => ({ slots: profile.availability, timezone: profile.timezone }),
  });
}
