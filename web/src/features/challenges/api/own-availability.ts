import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { challengeKeys } from './keys';

/**
 * Whether the caller has a weekly availability (GET /api/profile): the server refuses challenges
 * without one, so the dialog says so before an opponent is even chosen.
 */
export async function hasAvailability(): Promise<boolean> {
  const profile = await request((api) => api.GET('/api/profile'), { errorToast: false });
  return profile.availability.length > 0;
}

export function availabilityQuery(userId: number) {
  return queryOptions({ queryKey: challengeKeys.availability(userId), queryFn: hasAvailability, staleTime: 60_000 });
}
