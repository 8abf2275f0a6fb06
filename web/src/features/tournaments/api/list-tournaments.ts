import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components, operations } from '@/api/schema';
import { request } from '@/lib/api';

export type Tournament = components['schemas']['TournamentView'];
export type TournamentStatusFilter = NonNullable<NonNullable<operations['list-tournaments']['parameters']['query']>['status']>;
export type Privacy = Tournament['privacy'];
export type RankingType = Tournament['ranking_type'];

export interface TournamentFilters {
  q: string;
  /** A club id as the select holds it ('' for any club). */
  clubId: string;
  district: string;
  privacy: '' | Privacy;
  rankingType: '' | RankingType;
  status: TournamentStatusFilter;
}

export const ANY_TOURNAMENT: TournamentFilters = { q: '', clubId: '', district: '', privacy: '', rankingType: '', status: 'active' };

export const TOURNAMENT_PAGE_SIZE = 24;

/** The query string of GET /api/tournaments: empty filters are left out (active is the default). */
export function tournamentsQueryParams(f: TournamentFilters, cursor?: string, limit = TOURNAMENT_PAGE_SIZE) {
  const query: Record<string, string | number> = { limit };
  const q = f.q.trim();
  if (q) query.q = q;
  if (f.clubId) query.club_id = Number(f.clubId);
  if (f.district) query.district = f.district;
  if (f.privacy) query.privacy = f.privacy;
  if (f.rankingType) query.ranking_type = f.rankingType;
  if (f.status !== 'active') query.status = f.status;
  if (cursor) query.cursor = cursor;
  return query;
}

export function listTournaments(f: TournamentFilters, cursor?: string, limit = TOURNAMENT_PAGE_SIZE) {
  return request(
    (api) => api.GET('/api/tournaments', { params: { query: tournamentsQueryParams(f, cursor, limit) as never } }),
    { errorToast: false },
  );
}

/** Every tournament query starts with this key, so one invalidation refreshes lists and cards. */
export const tournamentsKey = ['tournaments'] as const;

/** The viewer is part of the key: pending, rejected and private results depend on who asks. */
export function tournamentsQuery(viewerId: number, f: TournamentFilters, limit = TOURNAMENT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...tournamentsKey, 'list', viewerId, f, limit] as const,
    queryFn: ({ pageParam }) => listTournaments(f, pageParam || undefined, limit),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor || undefined,
  });
}

/** Every tournament of the loaded pages, in order, without repeats (a page may shift under us). */
export function flattenTournaments(pages: { items: Tournament[] }[] | undefined): Tournament[] {
  const seen = new Set<number>();
  const out: Tournament[] = [];
  for (const page of pages ?? []) for (const t of page.items) if (!seen.has(t.id)) (seen.add(t.id), out.push(t));
  return out;
}
