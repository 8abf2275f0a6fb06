import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type OwnDeletion = components['schemas']['OwnDeletionView'];

export const ownDeletionKey = (userId: number) => ['settings', userId, 'deletion'] as const;

/** GET /api/profile/deletion: whether the caller's deletion request is waiting. */
export function ownDeletionQuery(userId: number) {
  return queryOptions({
    queryKey: ownDeletionKey(userId),
    queryFn: () => request((api) => api.GET('/api/profile/deletion'), { errorToast: false }),
  });
}

/** POST /api/profile/deletion: ask for the deletion of the own account (GDPR); the reason is optional. */
export function requestOwnDeletion(reason: string): Promise<OwnDeletion> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request((api) => api.POST('/api/profile/deletion', { body }), { errorToast: false });
}
