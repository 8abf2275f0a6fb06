import { request } from '@/lib/api';

/** DELETE /api/profile/photo: back to the sign-in account's picture (or none). */
export function deletePhoto(): Promise<void> {
  return request((api) => api.DELETE('/api/profile/photo'), { errorToast: false }).then(() => undefined);
}
