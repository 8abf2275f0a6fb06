import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { challengeKeys } from './keys';

/** GET /api/challenges/suggestions: times that fit both weekly availabilities. */
export function suggestTimes(opponentId: number) {
  return request((api) => api.GET('/api/challenges/suggestions', { params: { query: { opponent_id: opponentId } } }), { errorToast: false });
}

export function suggestionsQuery(userId: number, opponentId: number) {
  return queryOptions({
    queryKey: challengeKeys.suggestions(userId, opponentId),
    queryFn: () => suggestTimes(opponentId),
    enabled: opponentId > 0,
    staleTime: 60_000,
  });
}
