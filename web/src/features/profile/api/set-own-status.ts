import { request } from '@/lib/api';
import type { SessionUser } from '@/lib/user';

/** PUT /api/profile/status: a player pauses themselves or comes back (DECISIONS 21). */
export function setOwnStatus(status: 'active' | 'paused'): Promise<SessionUser> {
  return request((api) => api.PUT('/api/profile/status', { body: { status } }), { errorToast: false });
}
