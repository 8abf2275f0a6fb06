import {
  ArrowUpDown,
  BadgeCheck,
  Bell,
  CalendarCheck,
  CircleCheckBig,
  Hourglass,
  MapPin,
  ShieldCheck,
  Swords,
  UserMinus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationType } from '@/lib/notification-types';

const ICONS: Record<NotificationType, LucideIcon> = {
  challenge_received: Swords,
  match_confirmed: CalendarCheck,
  result_pending: Hourglass,
  result_validated: BadgeCheck,
  match_result_confirmed: CircleCheckBig,
  ranking_changed: ArrowUpDown,
  player_joined_tournament: UserPlus,
  player_left_tournament: UserMinus,
  tournament_created_nearby: MapPin,
  admin_action: ShieldCheck,
};

/** Spec §2: an icon by type; other types get the default bell. */
export function notificationIcon(type: string): LucideIcon {
  return (ICONS as Record<string, LucideIcon>)[type] ?? Bell;
}
