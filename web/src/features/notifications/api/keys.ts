/**
 * Query keys of the notifications. Everything sits under ['notifications', userId] so a sign-in
 * change never shows another account's list; the language is part of the key because titles and
 * messages are written by the server in the request's language.
 */
export const notificationKeys = {
  all: (userId: number) => ['notifications', userId] as const,
  bell: (userId: number, language: string) => ['notifications', userId, 'bell', language] as const,
  list: (userId: number, language: string) => ['notifications', userId, 'list', language] as const,
};
