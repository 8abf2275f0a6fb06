import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { SessionUser } from '@/lib/user';

/**
 * GET /api/profile: the account (as /api/users/me) plus every profile field. The OpenAPI
 * document lists only the profile fields (the server embeds the user view, which huma leaves out
 * of the schema), so the type adds the user's fields back.
 */
export type Profile = components['schemas']['ProfileView'] & SessionUser;
export type Gender = Profile['gender'];

export const profileKey = (userId: number) => ['profile', userId] as const;

export function getProfile(): Promise<Profile> {
  return request((api) => api.GET('/api/profile'), { errorToast: false }) as Promise<Profile>;
}

export function profileQuery(userId: number) {
  return queryOptions({ queryKey: profileKey(userId), queryFn: getProfile });
}
