/** The ten notification types of spec §3, in the order the settings table lists them. */
export const NOTIFICATION_TYPES = [
  'challenge_received',
  'match_confirmed',
  'result_pending',
  'result_validated',
  'match_result_confirmed',
  'ranking_changed',
  'player_joined_tournament',
  'player_left_tournament',
  'tournament_created_nearby',
  'admin_action',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
