import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type HomeData = components['schemas']['HomeOutputBody'];
export type HomeMatch = components['schemas']['MatchView'];
export type HomeTournament = components['schemas']['TournamentView'];
export type HomeClub = components['schemas']['ClubView'];

/** Query keys of the signed-in home: per user and language (place names come in it). */
export const homeKeys = {
  all: ['home'] as const,
  summary: (userId: number, language: string) => ['home', userId, language] as const,
};

/** GET /api/home: the signed-in home in one call. */
export const homeQuery = (userId: number, language: string) =>
  queryOptions({
    queryKey: homeKeys.summary(userId, language),
    queryFn: () => request((api) => api.GET('/api/home'), { errorToast: false }),
    staleTime: 30_000,
  });
