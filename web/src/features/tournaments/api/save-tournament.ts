import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Tournament } from './list-tournaments';

export type TournamentInput = components['schemas']['TournamentBody'];

/** POST /api/tournaments: the tournament starts pending until a super admin approves it. */
export function createTournament(body: TournamentInput): Promise<Tournament> {
  return request((api) => api.POST('/api/tournaments', { body }), { errorToast: false });
}

/** PUT /api/tournaments/{id}: its creator and super admins. */
export function updateTournament(id: number, body: TournamentInput): Promise<Tournament> {
  return request((api) => api.PUT('/api/tournaments/{id}', { params: { path: { id } }, body }), { errorToast: false });
}

/** POST /api/tournaments/{id}/image, multipart field `image`. */
export function uploadTournamentImage(id: number, image: Blob, filename: string): Promise<Tournament> {
  const form = new FormData();
  form.append('image', image, filename);
  return request(
    (api) => api.POST('/api/tournaments/{id}/image', { params: { path: { id } }, body: form as unknown as { image: string } }),
    { errorToast: false },
  );
}
