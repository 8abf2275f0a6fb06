import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type SuperAdminList = components['schemas']['SuperAdminsOutputBody'];
export type SuperAdmin = SuperAdminList['items'][number];

export const superAdminsKey = (viewerId: number, language: string) => ['admin', 'super-admins', viewerId, language] as const;

/** GET /api/admin/super-admins: the super admins with what the reader may do (can_create, can_remove). */
export function superAdminsQuery(viewerId: number, language: string) {
  return queryOptions({
    queryKey: superAdminsKey(viewerId, language),
    queryFn: () => request((api) => api.GET('/api/admin/super-admins'), { errorToast: false }),
  });
}

/** POST /api/admin/super-admins {email}: root makes a registered account a super admin. */
export function createSuperAdmin(email: string) {
  return request((api) => api.POST('/api/admin/super-admins', { body: { email } }), { errorToast: false });
}

/** DELETE /api/admin/super-admins/{id}: root takes the role away (the account becomes a player). */
export function removeSuperAdmin(id: number): Promise<void> {
  return request((api) => api.DELETE('/api/admin/super-admins/{id}', { params: { path: { id } } }), { errorToast: false }).then(
    () => undefined,
  );
}
