import { request } from '@/lib/api';
import type { Match } from './list-matches';

/** POST /api/matches/{id}/result: sets from the reporter's side ("6-4 3-6 10-8"), played on YYYY-MM-DD. */
export function reportResult(id: number, score: string, playedOn: string): Promise<Match> {
  return request((api) => api.POST('/api/matches/{id}/result', { params: { path: { id } }, body: { score, played_on: playedOn } }), {
    errorToast: false,
  });
}
