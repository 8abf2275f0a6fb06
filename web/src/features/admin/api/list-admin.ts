import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { adminKey } from './keys';

export type AdminPlayer = components['schemas']['AdminPlayerView'];
export type AdminClub = components['schemas']['ClubView'];
export type AdminTournament = components['schemas']['TournamentView'];
export type AdminMatch = components['schemas']['AdminMatchView'];
export type AdminChallenge = components['schemas']['AdminChallengeView'];

/** The admin lists (GET /api/admin/{list}); every one pages with limit and next_cursor. */
export type AdminList = 'players' | 'clubs' | 'tournaments' | 'matches' | 'challenges';

interface ItemOf {
  players: AdminPlayer;
  clubs: AdminClub;
  tournaments: AdminTournament;
  matches: AdminMatch;
  challenges: AdminChallenge;
}

export interface Page<T> {
  items: T[];
  next_cursor?: string;
}

export const ADMIN_PAGE_SIZE = 20;

/** Empty filters are left out of the query string. */
function clean(params: Record<string, string>, cursor: string) {
  const query: Record<string, string | number> = { limit: ADMIN_PAGE_SIZE };
  for (const [k, v] of Object.entries(params)) if (v.trim()) query[k] = v.trim();
  if (cursor) query.cursor = cursor;
  return query;
}

const PATHS = {
  players: '/api/admin/players',
  clubs: '/api/admin/clubs',
  tournaments: '/api/admin/tournaments',
  matches: '/api/admin/matches',
  challenges: '/api/admin/challenges',
} as const;

export function listAdmin<L extends AdminList>(list: L, params: Record<string, string>, cursor = ''): Promise<Page<ItemOf[L]>> {
  const query = clean(params, cursor) as never;
  // One helper for five lists of the same shape; each list's item type comes from ItemOf.
  return request((api) => api.GET(PATHS[list] as '/api/admin/challenges', { params: { query } }) as never, { errorToast: false });
}

export function adminListQuery<L extends AdminList>(list: L, params: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: [...adminKey, list, params] as const,
    queryFn: ({ pageParam }) => listAdmin(list, params, pageParam),
    initialPageParam: '',
    getNextPageParam: (last: Page<ItemOf[L]>) => last.next_cursor || undefined,
  });
}
