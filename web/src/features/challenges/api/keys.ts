/**
 * Query keys of challenges and matches. Everything sits under the user's id so a sign-in change
 * never shows another account's lists. The views hold no server-translated text, so the
 * language is not part of the keys.
 */
export const challengeKeys = {
  all: (userId: number) => ['challenges', userId] as const,
  list: (userId: number, box: string, status: string) => ['challenges', userId, 'list', box, status] as const,
  suggestions: (userId: number, opponentId: number) => ['challenges', userId, 'suggestions', opponentId] as const,
  myTournaments: (userId: number) => ['challenges', userId, 'tournaments'] as const,
  standings: (userId: number, tournamentId: number) => ['challenges', userId, 'standings', tournamentId] as const,
  availability: (userId: number) => ['challenges', userId, 'availability'] as const,
};

export const matchKeys = {
  all: (userId: number) => ['matches', userId] as const,
  list: (userId: number, scope: string, filter: string) => ['matches', userId, 'list', scope, filter] as const,
  one: (userId: number, id: number) => ['matches', userId, 'one', id] as const,
};
