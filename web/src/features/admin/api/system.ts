import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type SystemHealth = components['schemas']['SystemView'];
export type JobRun = components['schemas']['JobRunView'];
export type CleanupCounts = components['schemas']['CleanupCounts'];

export const systemKey = ['admin', 'system'] as const;

/** GET /api/admin/system: the health figures (super admins). */
export function systemQuery() {
  return queryOptions({
    queryKey: systemKey,
    queryFn: () => request((api) => api.GET('/api/admin/system'), { errorToast: false }),
  });
}

/** POST /api/admin/cleanup: runs the clean-up of expired items now; the counts per kind. */
export function cleanupNow(): Promise<CleanupCounts> {
  return request((api) => api.POST('/api/admin/cleanup'), { errorToast: false });
}

/** The kinds a clean-up counts, in the order the panel lists them. */
export const CLEANUP_KINDS = ['pending_clubs', 'pending_tournaments', 'ended_tournaments', 'challenges', 'sessions'] as const satisfies readonly (keyof CleanupCounts)[];
