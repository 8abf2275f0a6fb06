import { request } from '@/lib/api';

const path = (id: number) => ({ params: { path: { id } } });

/** POST /api/clubs/{id}/join (204). */
export function joinClub(id: number): Promise<void> {
  return request((api) => api.POST('/api/clubs/{id}/join', path(id)), { errorToast: false }).then(() => undefined);
}

/** POST /api/clubs/{id}/leave (204). */
export function leaveClub(id: number): Promise<void> {
  return request((api) => api.POST('/api/clubs/{id}/leave', path(id)), { errorToast: false }).then(() => undefined);
}

/** POST /api/clubs/{id}/validate: super admins; 409 club.already_decided when decided already. */
export function validateClub(id: number): Promise<void> {
  return request((api) => api.POST('/api/clubs/{id}/validate', path(id)), { errorToast: false }).then(() => undefined);
}

/** POST /api/clubs/{id}/reject with an optional reason. */
export function rejectClub(id: number, reason: string): Promise<void> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request((api) => api.POST('/api/clubs/{id}/reject', { ...path(id), body }), { errorToast: false }).then(() => undefined);
}

const member = (id: number, user: number) => ({ params: { path: { id, user } } });

/** PUT /api/clubs/{id}/members/{user}/role: appoint (administrator) or demote (member); 204. */
export function setMemberRole(id: number, user: number, role: 'administrator' | 'member'): Promise<void> {
  return request((api) => api.PUT('/api/clubs/{id}/members/{user}/role', { ...member(id, user), body: { role } }), { errorToast: false }).then(
    () => undefined,
  );
}

/** DELETE /api/clubs/{id}/members/{user}: remove a member; 204. */
export function removeMember(id: number, user: number): Promise<void> {
  return request((api) => api.DELETE('/api/clubs/{id}/members/{user}', member(id, user)), { errorToast: false }).then(() => undefined);
}
