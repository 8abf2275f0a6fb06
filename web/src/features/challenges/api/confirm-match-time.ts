import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Match } from './list-matches';

export type MatchTimeInput = components['schemas']['ConfirmTimeInputBody'];
export const SURFACES = ['clay', 'hard', 'grass', 'carpet', 'artificial_grass', 'indoor_hard'] as const;

/** POST /api/matches/{id}/time: when (one of the proposed times while proposed) and where. */
export function confirmMatchTime(id: number, body: MatchTimeInput): Promise<Match> {
  return request((api) => api.POST('/api/matches/{id}/time', { params: { path: { id } }, body }), { errorToast: false });
}
