import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { adminKey } from './keys';

export type AdminPlayerDetail = components['schemas']['AdminPlayerDetailOutputBody'];
export type AccountAction = 'setPlayer' | 'setAdmin' | 'suspend' | 'reactivate';

export function getAdminPlayer(id: number) {
  return request((api) => api.GET('/api/admin/players/{id}', { params: { path: { id } } }), { errorToast: false });
}

export const adminPlayerQuery = (id: number) =>
  queryOptions({ queryKey: [...adminKey, 'player', id] as const, queryFn: () => getAdminPlayer(id) });

/**
 * Runs an action through the existing role and status API; the server refuses with SPEC §8's
 * texts (shown as an error toast) what the reader may not do.
 */
export function runAccountAction(id: number, action: AccountAction) {
  const params = { path: { id } };
  return request((api) => {
    switch (action) {
      case 'setPlayer':
        return api.PUT('/api/users/{id}/role', { params, body: { role: 'player' } });
      case 'setAdmin':
        return api.PUT('/api/users/{id}/role', { params, body: { role: 'admin' } });
      case 'suspend':
        return api.PUT('/api/users/{id}/status', { params, body: { status: 'suspended' } });
      default:
        return api.PUT('/api/users/{id}/status', { params, body: { status: 'active' } });
    }
  });
}
