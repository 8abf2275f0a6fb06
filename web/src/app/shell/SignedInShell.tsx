import {
  BarChart3,
  Building2,
  ChevronDown,
  Info,
  LogOut,
  MessageSquare,
  Plus,
  Settings,
  ShieldCheck,
  Swords,
  Trophy,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, type AvatarBadgeColor } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '@/components/ui/Menu';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/SessionProvider';
import { floatingClasses, useHideOnScroll } from '@/lib/useHideOnScroll';
import { isAdminOrAbove, isSuperAdmin, userName, type Role } from '@/lib/user';

// The notification bell rides in this chunk: loaded once someone is signed in, like the rest.
export { NotificationBell } from '@/features/notifications/components/NotificationBell';
export { LiveUpdates } from './LiveUpdates';
export { MessagesLink } from './MessagesLink';
// The signed-in home's loader (features/home/pages/HomePage.tsx reaches it through this chunk).
export { loadSignedInHome } from '@/features/home/dashboard/entry';

/**
 * The shell's pieces for signed-in users (spec §2 "Shell"): admin panel button, notification bell,
 * user menu, floating action menu and the admin quick access. Loaded lazily, only once someone is signed in,
 * so visitors' first load stays light.
 */

const ROLE_BADGE: Record<Exclude<Role, 'player'>, AvatarBadgeColor> = { admin: 'blue', superadmin: 'yellow' };

/** The role badge's colour, or null for players (spec §2: shown when the role is not player). */
function roleBadgeColor(role: Role): AvatarBadgeColor | null {
  return role === 'player' ? null : ROLE_BADGE[role];
}

/** Header button to /super-admin for admins and super admins; the root account's reads ROOT. */
export function AdminPanelButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!isAdminOrAbove(user)) return null;
  const label = user?.is_root ? t('header.adminRoot') : t('header.adminPanel');
  return (
    <Link
      to="/super-admin"
      aria-label={label}
      title={t('header.adminPanelTitle')}
      className={buttonClasses('outline', 'sm', 'px-2.5 sm:px-3')}
    >
      <ShieldCheck className="h-4 w-4 text-brand" aria-hidden="true" />
      {/* Phones have no room for the label next to the user menu: the icon keeps it as its name. */}
      <span className={cn('hidden sm:inline', user?.is_root && 'font-bold tracking-wider')}>{label}</span>
    </Link>
  );
}

/** The avatar button and its menu: profile, stats, messages, settings, about, players panel, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  if (!user) return null;
  const name = userName(user);
  const badgeColor = roleBadgeColor(user.role);
  const roleLabel = t(`roles.${user.role}`);

  return (
    <Menu
      label={t('userMenu.label')}
      panelClassName="w-64"
      header={
        <div className="flex items-center gap-3 border-b border-border px-3 pb-3 pt-2">
          <Avatar photoUrl={user.photo_url} name={name} size="md" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
            {badgeColor && (
              <p className="mt-1">
                <span className="sr-only">{t('userMenu.role')} </span>
                <span data-testid="role-badge" className="inline-block rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                  {roleLabel}
                </span>
              </p>
            )}
          </div>
        </div>
      }
      trigger={(props, open) => (
        <button
          {...props}
          type="button"
          aria-label={t('userMenu.open', { name })}
          className="flex cursor-pointer items-center gap-1 rounded-full p-0.5 pb-1.5 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:ml-1 sm:p-1 sm:pb-2"
        >
          <Avatar
            photoUrl={user.photo_url}
            name={name}
            size="sm"
            badgeText={badgeColor ? t(`roles.short.${user.role}`) : null}
            badgeColor={badgeColor ?? undefined}
          />
          <ChevronDown className={cn('hidden h-4 w-4 text-muted transition-transform sm:block', open && 'rotate-180')} aria-hidden="true" />
        </button>
      )}
    >
      <MenuLink to="/profile" className="mt-1">
        <UserRound className="h-4 w-4 text-muted" aria-hidden="true" />
        {t('userMenu.profile')}
      </MenuLink>
      <MenuLink to={`/players/${user.id}/stats`}>
        <BarChart3 className="h-4 w-4 text-muted" aria-hidden="true" />
        {t('userMenu.stats')}
      </MenuLink>
      <MenuLink to="/messages">
        <MessageSquare className="h-4 w-4 text-muted" aria-hidden="true" />
        {t('userMenu.messages')}
      </MenuLink>
      <MenuLink to="/settings">
        <Settings className="h-4 w-4 text-muted" aria-hidden="true" />
        {t('userMenu.settings')}
      </MenuLink>
      <MenuLink to="/about">
        <Info className="h-4 w-4 text-muted" aria-hidden="true" />
        {t('userMenu.about')}
      </MenuLink>
      {isSuperAdmin(user) && (
        <MenuLink to="/players-panel">
          <Users className="h-4 w-4 text-muted" aria-hidden="true" />
          {t('userMenu.playersPanel')}
        </MenuLink>
      )}
      <MenuSeparator />
      <MenuItem onSelect={() => void logout()}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('userMenu.logout')}
      </MenuItem>
    </Menu>
  );
}

const SHORTCUTS = [
  { to: '/tournaments?create=true', key: 'actionMenu.createTournament', icon: Trophy },
  { to: '/challenges?create=true', key: 'actionMenu.createChallenge', icon: Swords },
  { to: '/messages', key: 'actionMenu.messages', icon: MessageSquare },
  { to: '/clubs?create=true', key: 'actionMenu.createClub', icon: Building2 },
] as const;

const fab =
  'grid cursor-pointer place-items-center rounded-full shadow-lg hover:scale-105 motion-safe:transition-[translate,scale,opacity] motion-safe:duration-200 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The floating buttons of signed-in users: the action menu with four shortcuts (above the help
 * button, bottom right) and, for admins and super admins, the quick access to /super-admin
 * (bottom left).
 */
export function FloatingActions() {
  const { t } = useTranslation();
  const { user } = useSession();
  const hidden = useHideOnScroll();
  if (!user) return null;
  return (
    <nav aria-label={t('actionMenu.region')}>
      <div
        data-floating={hidden ? 'hidden' : 'shown'}
        className={cn('fixed bottom-[5.5rem] right-5 z-30 motion-safe:transition-[translate,opacity] motion-safe:duration-200', floatingClasses(hidden))}
      >
        <Menu
          label={t('actionMenu.label')}
          side="top"
          panelClassName="w-56"
          trigger={(props, open) => (
            <button
              {...props}
              type="button"
              aria-label={t('actionMenu.open')}
              title={t('actionMenu.open')}
              className={cn(fab, 'h-14 w-14 bg-accent text-accent-fg ring-1 ring-border')}
            >
              <Plus className={cn('h-7 w-7 transition-transform', open && 'rotate-45')} aria-hidden="true" />
            </button>
          )}
        >
          {SHORTCUTS.map(({ to, key, icon: Icon }) => (
            <MenuLink key={to} to={to}>
              <Icon className="h-4 w-4 text-brand" aria-hidden="true" />
              {t(key)}
            </MenuLink>
          ))}
        </Menu>
      </div>
      {isAdminOrAbove(user) && (
        <Link
          to="/super-admin"
          aria-label={t('quickAccess.label')}
          title={t('quickAccess.label')}
          className={cn(
            fab,
            'fixed bottom-5 left-5 z-30 h-12 w-12 bg-slate-800 text-white dark:bg-slate-100 dark:text-slate-900',
            floatingClasses(hidden),
          )}
        >
          <ShieldCheck className="h-6 w-6" aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
