import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Profile } from './get-profile';

export type ProfileInput = components['schemas']['ProfileInputBody'];

/** PUT /api/profile: all fields or nothing; a 422 carries one message per bad field. */
export function updateProfile(body: ProfileInput): Promise<Profile> {
  return request((api) => api.PUT('/api/profile', { body }), { errorToast: false }) as Promise<Profile>;
}
