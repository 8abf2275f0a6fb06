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

export const isAdminOrAbove = (user: SessionUser | null): boolean => user?.role === 'admin' || user?.role === 'superadmin';
export const isSuperAdmin = (user: SessionUser | null): boolean => user?.role === 'superadmin';

/** Spec §6, as far as the interface tells: what an account may do, by role (and root). */
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
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The capabilities of an account (none for a visitor). The server enforces the same rules. */
export function capabilities(user: SessionUser | null): Set<Capability> {
  const out = new Set<Capability>();
  if (!user) return out;
  out.add('play');
  if (isAdminOrAbove(user)) {
    out.add('adminPanel');
    out.add('suspendUsers');
    out.add('changeToPlayer');
  }
  if (isSuperAdmin(user)) {
    for (const c of [
      'setAdmin',
      'validateClubsTournaments',
      'validateResults',
      'allStatistics',
      'transferUsers',
      'requestDeletions',
      'superAdminsPage',
      'playersPanel',
    ] as const) {
      out.add(c);
    }
  }
  if (user.is_root) {
    out.add('manageSuperAdmins');
    out.add('approveDeletions');
  }
  return out;
}
