import type { components } from '@/api/schema';

/** The signed-in account as GET /api/users/me returns it. */
export type SessionUser = components['schemas']['UserView'];
export type Role = SessionUser['role'];

/** What the display name is made of; the server's `display_name` follows the same rules. */
export interface NameParts {
  first_name?: string | null;
  last_name?: string | null;
  /** Given name of the external sign-in account. */
  given_name?: string | null;
  /** Full name of the external sign-in account. */
  name?: string | null;
  email?: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Spec §3: first plus last name, else first name, else the external given name, else the first
 * part of the external name, else the part of the email before the at sign ('' when none).
 */
export function displayName(parts: NameParts): string {
  const first = clean(parts.first_name);
  const last = clean(parts.last_name);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const given = clean(parts.given_name);
  if (given) return given;
  const name = clean(parts.name);
  if (name) return name.split(/\s+/)[0];
  return clean(parts.email).split('@')[0];
}

/** The name to show for the current user: the server's, else the same rules client-side. */
export function userName(user: SessionUser): string {
  return clean(user.display_name) || displayName(user);
}

/** Spec §6: what an account may do across the platform, as the server's policy decided it. */
export type Capability = SessionUser['capabilities'][number];

/** Every capability, in the server's order (the test admin page lists them all). */
export const CAPABILITIES = [
  'play',
  'adminPanel',
  'suspendUsers',
  'changeToPlayer',
  'setAdmin',
  'validateClubsTournaments',
  'validateResults',
  'allStatistics',
  'transferUsers',
  'requestDeletions',
  'superAdminsPage',
  'playersPanel',
  'manageSuperAdmins',
  'approveDeletions',
  'systemLogs',
  'systemPanel',
  'listPlayers',
  'viewDashboard',
] as const satisfies readonly Capability[];

/** The capabilities of an account (none for a visitor): read from the server, never derived here. */
export function capabilities(user: SessionUser | null): Set<Capability> {
  return new Set(user?.capabilities ?? []);
}

/** Admins and super admins: the admin panel button and quick access. */
export const isAdminOrAbove = (user: SessionUser | null): boolean => capabilities(user).has('adminPanel');
/** Super admins: the super admin pages and the players panel. */
export const isSuperAdmin = (user: SessionUser | null): boolean => capabilities(user).has('superAdminsPage');
