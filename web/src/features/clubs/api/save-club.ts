import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Club } from './list-clubs';

/** Every field of a club: PUT replaces it whole (POST takes the same). */
export type ClubInput = components['schemas']['ClubUpdateBody'];

/** POST /api/clubs: the club starts pending and its proposer becomes its administrator. */
export function proposeClub(body: ClubInput): Promise<Club> {
  return request((api) => api.POST('/api/clubs', { body }), { errorToast: false });
}

/** PUT /api/clubs/{id}: club administrators and super admins. */
export function updateClub(id: number, body: ClubInput): Promise<Club> {
  return request((api) => api.PUT('/api/clubs/{id}', { params: { path: { id } }, body }), { errorToast: false });
}
