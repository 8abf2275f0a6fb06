import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/SessionProvider';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { LanguageSwitcher } from './LanguageSwitcher';
import { loadSignedInShell } from './loadSignedInShell';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { MAIN_NAV } from './nav';
import { SearchLauncher } from './SearchLauncher';
import { ThemeToggle } from './ThemeToggle';

const AdminPanelButton = lazy(() => loadSignedInShell().then((m) => ({ default: m.AdminPanelButton })));
const NotificationBell = lazy(() => loadSignedInShell().then((m) => ({ default: m.NotificationBell })));
const MessagesLink = lazy(() => loadSignedInShell().then((m) => ({ default: m.MessagesLink })));
const UserMenu = lazy(() => loadSignedInShell().then((m) => ({ default: m.UserMenu })));

/** Holds the place of the user menu while the session or its code loads (no Login flash). */
function AccountPlaceholder() {
  return <span aria-hidden="true" className="ml-1 inline-block h-8 w-8 animate-pulse rounded-full bg-surface-2 motion-reduce:animate-none" />;
}

export function Header() {
  const { t } = useTranslation();
  const { user, initialLoading, login } = useSession();
  // The main navigation is for wide screens (Tailwind's lg); narrower ones have MobileMenu's.
  const wide = useMediaQuery('(min-width: 64rem)');

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo compact />
        {wide && (
          <nav aria-label={t('a11y.mainNav')} className="ml-6 hidden lg:block">
            <ul className="flex items-center gap-1">
              {MAIN_NAV.map(({ to, labelKey }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === '/'}
                    className={({ isActive }) =>
                      cn(
                        'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                        isActive ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                      )
                    }
                  >
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* Phones: up to eight controls for a signed-in admin; tighter gaps and 36 px icon buttons fit 360 px. */}
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {user && (
            <Suspense fallback={null}>
              <AdminPanelButton />
            </Suspense>
          )}
          <SearchLauncher />
          {user && (
            <Suspense fallback={null}>
              <MessagesLink />
              <NotificationBell />
            </Suspense>
          )}
          <LanguageSwitcher />
          <ThemeToggle />
          {initialLoading ? (
            <AccountPlaceholder />
          ) : user ? (
            <Suspense fallback={<AccountPlaceholder />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Button size="sm" onClick={() => void login()} className="ml-1">
              <LogIn className="h-4 w-4" aria-hidden="true" />
              <span>{t('header.login')}</span>
            </Button>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
