import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Tournament } from './list-tournaments';

/** Every field of a tournament (PUT replaces it whole) and, on creation only, whether the creator plays. */
export type TournamentInput = components['schemas']['TournamentUpdateBody'] & { play: boolean };

/** POST /api/tournaments: the tournament starts pending until a super admin approves it. */
export function createTournament(body: TournamentInput): Promise<Tournament> {
  return request((api) => api.POST('/api/tournaments', { body }), { errorToast: false });
}

/** PUT /api/tournaments/{id}: its creator and super admins; every field but `play` (creation only). */
export function updateTournament(id: number, input: TournamentInput): Promise<Tournament> {
  const { play, ...body } = input;
  void play;
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
