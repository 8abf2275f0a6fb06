import type { components } from '@/api/schema';

export type Standing = components['schemas']['StandingView'];
export type Standings = Pick<components['schemas']['StandingsOutputBody'], 'challenge_range' | 'items'>;

/** Mirrors the server's rule (internal/ladder.CanChallenge): up to `range` places away, 0 = anyone. */
export function withinRange(range: number, from: number, to: number): boolean {
  if (from === to || from <= 0 || to <= 0) return false;
  return range === 0 || Math.abs(from - to) <= range;
}

export type OpponentsResult =
  | { ok: true; me: Standing; opponents: Standing[] }
  | { ok: false; reason: 'notPlayer' | 'notActive'; opponents: [] };

/**
 * Whom the viewer may challenge in a tournament: active players within the challenge range of
 * the viewer's position, in ranking order. The viewer must be an active player of the standings
 * (the server refuses otherwise, and says so, but the dialog should not offer a dead end).
 */
export function eligibleOpponents(standings: Standings, meId: number): OpponentsResult {
  const me = standings.items.find((s) => s.player.id === meId);
  if (!me) return { ok: false, reason: 'notPlayer', opponents: [] };
  if (me.status !== 'active') return { ok: false, reason: 'notActive', opponents: [] };
  const opponents = standings.items.filter(
    (s) => s.player.id !== meId && s.status === 'active' && withinRange(standings.challenge_range, me.position, s.position),
  );
  return { ok: true, me, opponents };
}
