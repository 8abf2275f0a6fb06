import { Building2, Home, Swords, Trophy, Medal, LayoutGrid, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  labelKey: string;
  icon: LucideIcon;
}

/** The header's main navigation (spec §2 "Shell"), shared by the desktop bar and the mobile menu. */
export const MAIN_NAV: NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: Home },
  { to: '/clubs', labelKey: 'nav.clubs', icon: Building2 },
  { to: '/tournaments', labelKey: 'nav.tournaments', icon: Trophy },
  { to: '/challenges', labelKey: 'nav.challenges', icon: Swords },
  { to: '/leaderboards', labelKey: 'nav.leaderboards', icon: Medal },
  { to: '/tennis-hub', labelKey: 'nav.tennisHub', icon: LayoutGrid },
];
