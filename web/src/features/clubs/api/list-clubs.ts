import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type Club = components['schemas']['ClubView'];
export type ClubStatus = Club['status'];

export interface ClubFilters {
  q: string;
  district: string;
  municipality: string;
  status: ClubStatus;
}

export const CLUB_PAGE_SIZE = 24;

/** The query string of GET /api/clubs: empty filters are left out (validated is the default). */
export function clubsQueryParams(f: ClubFilters, cursor?: string, limit = CLUB_PAGE_SIZE) {
  const query: Record<string, string | number> = { limit };
  const q = f.q.trim();
  if (q) query.q = q;
  if (f.district) query.district = f.district;
  if (f.district && f.municipality) query.municipality = f.municipality;
  if (f.status !== 'validated') query.status = f.status;
  if (cursor) query.cursor = cursor;
  return query;
}

export function listClubs(f: ClubFilters, cursor?: string, limit = CLUB_PAGE_SIZE) {
  return request(
    (api) => api.GET('/api/clubs', { params: { query: clubsQueryParams(f, cursor, limit) as never } }),
    { errorToast: false },
  );
}

export const clubsKey = ['clubs'] as const;

export function clubsQuery(viewerId: number, f: ClubFilters) {
  return infiniteQueryOptions({
    queryKey: [...clubsKey, 'list', viewerId, f] as const,
    queryFn: ({ pageParam }) => listClubs(f, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor || undefined,
  });
}

/** Every club of the loaded pages, in order, without repeats. */
export function flattenPages(pages: { items: Club[] }[] | undefined): Club[] {
  const seen = new Set<number>();
  const out: Club[] = [];
  for (const page of pages ?? []) for (const c of page.items) if (!seen.has(c.id)) (seen.add(c.id), out.push(c));
  return out;
}
