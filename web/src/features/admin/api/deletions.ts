import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type DeletionRequest = components['schemas']['DeletionView'];
export type DeletionState = DeletionRequest['state'];
export type DeletionFilter = DeletionState | 'all';

export const DELETION_PAGE_SIZE = 10;
export const deletionsKey = ['admin', 'deletions'] as const;

/** GET /api/admin/deletions: pending first, then newest; a page and the total. */
export function deletionsQuery(filter: DeletionFilter, page: number) {
  return queryOptions({
    queryKey: [...deletionsKey, filter, page] as const,
    queryFn: () =>
      request(
        (api) =>
          api.GET('/api/admin/deletions', {
            params: { query: { offset: page * DELETION_PAGE_SIZE, limit: DELETION_PAGE_SIZE, ...(filter === 'all' ? {} : { state: filter }) } },
          }),
        { errorToast: false },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/deletions: a super admin asks for the deletion of the account with this email. */
export function requestDeletion(email: string, reason: string): Promise<DeletionRequest> {
  return request((api) => api.POST('/api/admin/deletions', { body: { email: email.trim(), reason: reason.trim() } }), { errorToast: false });
}

/** POST /api/admin/deletions/{id}/approve or /decline: the root decides. */
export function decideDeletion(id: number, approve: boolean): Promise<DeletionRequest> {
  const params = { params: { path: { id } } };
  return request(
    (api) => (approve ? api.POST('/api/admin/deletions/{id}/approve', params) : api.POST('/api/admin/deletions/{id}/decline', params)),
    { errorToast: false },
  );
}
