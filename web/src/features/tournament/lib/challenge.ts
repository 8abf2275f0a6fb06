import type { TournamentDetail } from '../api/get-tournament';
import type { Standing } from '../api/tournament-data';
import { canChallenge } from './bracket';

/**
 * Whom the viewer may challenge from the ranking: only an active player of an active tournament
 * challenges, and only active opponents within the tournament's challenge range (the server
 * checks again when the challenge is created). Returns null when the viewer cannot challenge at all.
 */
export function challengeTargets(
  tournament: Pick<TournamentDetail, 'status' | 'my_status' | 'my_role'>,
  standings: { challenge_range: number; items: Standing[] },
  viewerId: number | undefined,
): ((row: Standing) => boolean) | null {
  if (tournament.status !== 'active' || tournament.my_status !== 'active' || tournament.my_role !== 'player' || !viewerId) return null;
  const me = standings.items.find((s) => s.player.id === viewerId);
  if (!me || me.status !== 'active') return null;
  return (row) => row.status === 'active' && canChallenge(standings.challenge_range, me.position, row.position);
}
