import { request } from '@/lib/api';
import type { Slot } from '@/lib/availability';

/** PUT /api/profile/availability: replaces the week; answers the saved ranges, sorted. */
export function setAvailability(slots: Slot[]): Promise<Slot[]> {
  return request((api) => api.PUT('/api/profile/availability', { body: { slots } }), { errorToast: false }).then((b) => b.slots);
}
