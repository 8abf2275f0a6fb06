import { request } from '@/lib/api';

/**
 * The tournament page's actions, one call each. None raises the generic 'Erro' toast: callers
 * toast the SPEC §8 title of the action with the server's message instead.
 */
const quiet = { errorToast: false } as const;
const done = () => undefined;
const at = (id: number) => ({ params: { path: { id } } });
const atPlayer = (id: number, user: number) => ({ params: { path: { id, user } } });

/** Joins (public, or admins) or asks to join (private): the answer says which happened. */
export function joinTournament(id: number): Promise<'active' | 'requested'> {
  return request((api) => api.POST('/api/tournaments/{id}/join', at(id)), quiet).then((body) => body.status);
}

/** Leaves the tournament, or withdraws a pending join request. */
export function leaveTournament(id: number): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/leave', at(id)), quiet).then(done);
}

export function decideJoinRequest(id: number, user: number, approve: boolean): Promise<void> {
  return request(
    (api) =>
      approve
        ? api.POST('/api/tournaments/{id}/requests/{user}/approve', atPlayer(id, user))
        : api.POST('/api/tournaments/{id}/requests/{user}/decline', atPlayer(id, user)),
    quiet,
  ).then(done);
}

export type PlayerStatus = 'active' | 'paused' | 'suspended';

/** Pauses, suspends or (with 'active') reactivates a participant. */
export function setPlayerStatus(id: number, user: number, status: PlayerStatus): Promise<void> {
  return request((api) => api.PUT('/api/tournaments/{id}/players/{user}/status', { ...atPlayer(id, user), body: { status } }), quiet).then(done);
}

export function removePlayer(id: number, user: number): Promise<void> {
  return request((api) => api.DELETE('/api/tournaments/{id}/players/{user}', atPlayer(id, user)), quiet).then(done);
}

/** 409 tournament.referee_exists when there is a referee and replace is false. */
export function promoteReferee(id: number, user: number, replace: boolean): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/players/{user}/referee', { ...atPlayer(id, user), body: { replace } }), quiet).then(done);
}

export function demoteReferee(id: number, user: number): Promise<void> {
  return request((api) => api.DELETE('/api/tournaments/{id}/players/{user}/referee', atPlayer(id, user)), quiet).then(done);
}

export function shuffleRanking(id: number): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/shuffle', at(id)), quiet).then(done);
}

export function closeTournament(id: number): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/close', at(id)), quiet).then(done);
}

export function approveTournament(id: number): Promise<void> {
  return request((api) => api.POST('/api/tournaments/{id}/approve', at(id)), quiet).then(done);
}

export function rejectTournament(id: number, reason: string): Promise<void> {
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request((api) => api.POST('/api/tournaments/{id}/reject', { ...at(id), body }), quiet).then(done);
}
