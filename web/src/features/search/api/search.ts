import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api } from '@/lib/api';

export type SearchResult = components['schemas']['SearchResult'];

/** Query keys of the global search: per user (signed-in callers find more) and language. */
export const searchKeys = {
  all: ['search'] as const,
  query: (userId: number, language: string, q: string) => ['search', userId, language, q] as const,
};

/**
 * GET /api/search?q=: SPEC §8, a failed search shows empty results (no toast, no error state).
 */
export async function searchAll(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  try {
    const { data, error } = await api.GET('/api/search', { params: { query: { q } }, signal });
    if (error || !data) return [];
    return data.results ?? [];
  } catch {
    return [];
  }
}

export const searchQuery = (userId: number, language: string, q: string) =>
  queryOptions({
    queryKey: searchKeys.query(userId, language, q),
    queryFn: ({ signal }) => searchAll(q, signal),
    staleTime: 30_000,
    retry: false,
  });
