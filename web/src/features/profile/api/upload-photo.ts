import { request } from '@/lib/api';

/** POST /api/profile/photo, multipart field `photo` (up to 50 MB; the server re-encodes it). */
export function uploadPhoto(photo: Blob, filename: string): Promise<string> {
  const form = new FormData();
  form.append('photo', photo, filename);
  return request(
    // openapi-fetch sends FormData as it is (the browser sets the multipart boundary).
    (api) => api.POST('/api/profile/photo', { body: form as unknown as { photo: string } }),
    { errorToast: false },
  ).then((body) => body.photo_url);
}
