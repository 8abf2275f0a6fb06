import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import type { Challenge } from './list-challenges';

export type ChallengeInput = components['schemas']['CreateChallengeInputBody'];

/** POST /api/challenges (201); errors are shown by the dialog (per field and as a toast). */
export function createChallenge(body: ChallengeInput): Promise<Challenge> {
  return request((api) => api.POST('/api/challenges', { body }), { errorToast: false });
}
