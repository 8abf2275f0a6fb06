import {
  ArrowLeftRight,
  Building,
  ChartColumn,
  Crown,
  LayoutDashboard,
  ScrollText,
  Server,
  ShieldCheck,
  Swords,
  Trophy,
  UserX,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { Capability } from '@/lib/user';

export interface AdminNavItem {
  /** Key under adminArea:nav. */
  key: string;
  to: string;
  icon: LucideIcon;
  /** Shown only when the reader has this capability, or one of these (decided by the server's policy). */
  capability: Capability | Capability[];
  /** Sub-links (the matches states of SPEC §2). */
  children?: { key: string; to: string }[];
}

/**
 * Every page of the administration area (the URL contract of issue #12), in the order SPEC §2
 * lists them. Pages built elsewhere (logs, system, super admins, transfers, deletions, players
 * panel) render inside AdminLayout too.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { key: 'dashboard', to: '/super-admin', icon: LayoutDashboard, capability: 'adminPanel' },
  { key: 'validations', to: '/super-admin#validations', icon: ShieldCheck, capability: 'validateClubsTournaments' },
  { key: 'players', to: '/super-admin/players', icon: Users, capability: 'listPlayers' },
  { key: 'clubs', to: '/super-admin/clubs', icon: Building, capability: 'viewDashboard' },
  { key: 'tournaments', to: '/super-admin/tournaments', icon: Trophy, capability: 'viewDashboard' },
  {
    key: 'matches',
    to: '/super-admin/matches',
    icon: Swords,
    capability: 'viewDashboard',
    children: [
      { key: 'matchesAll', to: '/super-admin/matches?state=all' },
      { key: 'matchesPending', to: '/super-admin/matches?state=pending' },
      { key: 'matchesScheduled', to: '/super-admin/matches?state=scheduled' },
      { key: 'matchesCompleted', to: '/super-admin/matches?state=completed' },
    ],
  },
  { key: 'challenges', to: '/super-admin/challenges', icon: Zap, capability: 'viewDashboard' },
  { key: 'logs', to: '/super-admin/logs', icon: ScrollText, capability: 'systemLogs' },
  { key: 'system', to: '/super-admin/system', icon: Server, capability: 'systemPanel' },
  { key: 'superAdmins', to: '/super-admins', icon: Crown, capability: 'superAdminsPage' },
  { key: 'transfers', to: '/super-admin/transfers', icon: ArrowLeftRight, capability: 'transferUsers' },
  { key: 'deletions', to: '/super-admin/deletions', icon: UserX, capability: ['requestDeletions', 'approveDeletions'] },
  { key: 'playersPanel', to: '/players-panel', icon: ChartColumn, capability: 'playersPanel' },
];

/** Whether a link is the page being shown (matches: any state; the dashboard only exactly). */
export function isCurrent(to: string, pathname: string, search: string, hash: string): boolean {
  const [path, rest = ''] = to.split(/(?=[?#])/);
  if (rest.startsWith('#')) return pathname === path && hash === rest;
  if (rest.startsWith('?')) {
    const want = new URLSearchParams(rest);
    const have = new URLSearchParams(search);
    return pathname === path && [...want].every(([k, v]) => (have.get(k) ?? 'all') === v);
  }
  if (path === '/super-admin') return pathname === path && hash !== '#validations';
  return pathname === path || pathname.startsWith(path + '/');
}
