import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, request } from '@/lib/api';

/**
 * A player as the viewer may see them (GET /api/players/{id}). The contact fields are absent,
 * not empty, when the player's privacy settings hide them from this viewer.
 */
export type Player = components['schemas']['PlayerView'];

export const playerKey = (viewerId: number, id: number) => ['player', viewerId, id] as const;

export function getPlayer(id: number): Promise<Player> {
  return request((api) => api.GET('/api/players/{id}', { params: { path: { id } } }), { errorToast: false });
}

export function playerQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: playerKey(viewerId, id),
    queryFn: () => getPlayer(id),
    // 'Player not found' is an answer, not a hiccup: do not ask again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
