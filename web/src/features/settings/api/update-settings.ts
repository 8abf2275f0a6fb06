import { request } from '@/lib/api';
import type { Settings } from './get-settings';

/** PUT /api/settings: the whole set; answers what was saved. The page reports failures itself. */
export function updateSettings(body: Settings): Promise<Settings> {
  return request((api) => api.PUT('/api/settings', { body }), { errorToast: false });
}
