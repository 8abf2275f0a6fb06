import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type Settings = components['schemas']['SettingsView'];
export type ContactVisibility = Settings['contact_visibility'];

export const settingsKey = (userId: number) => ['settings', userId] as const;

/** GET /api/settings: privacy, email language and the channels per notification type. */
export function getSettings(): Promise<Settings> {
  return request((api) => api.GET('/api/settings'), { errorToast: false });
}

export function settingsQuery(userId: number) {
  return queryOptions({ queryKey: settingsKey(userId), queryFn: getSettings });
}
