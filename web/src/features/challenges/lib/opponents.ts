import type { components } from '@/api/schema';

export type Standing = components['schemas']['StandingView'];
export type Standings = Pick<components['schemas']['StandingsOutputBody'], 'challenge_blocked' | 'items'>;

export type OpponentsResult =
  | { ok: true; opponents: Standing[] }
  | { ok: false; reason: 'notPlayer' | 'notActive'; opponents: [] };

/**
 * Whom the viewer may challenge in a tournament, as the server answered it (the policy decides:
 * `can_challenge` per standings row, `challenge_blocked` when nobody), in ranking order. The
 * dialog only reads these answers; it never re-derives the challenge range.
 */
export function eligibleOpponents(standings: Standings): OpponentsResult {
  switch (standings.challenge_blocked) {
    case '':
      return { ok: true, opponents: standings.items.filter((s) => s.can_challenge) };
    case 'challenge.self_unavailable':
      return { ok: false, reason: 'notActive', opponents: [] };
    default:
      return { ok: false, reason: 'notPlayer', opponents: [] };
  }
}
