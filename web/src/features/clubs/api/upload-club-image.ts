import { request } from '@/lib/api';
import type { Club } from './list-clubs';

/** POST /api/clubs/{id}/image, multipart field `image`. */
export function uploadClubImage(id: number, image: Blob, filename: string): Promise<Club> {
  const form = new FormData();
  form.append('image', image, filename);
  return request(
    (api) => api.POST('/api/clubs/{id}/image', { params: { path: { id } }, body: form as unknown as { image: string } }),
    { errorToast: false },
  );
}
