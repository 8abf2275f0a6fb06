import { Menu as MenuIcon, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { MAIN_NAV } from './nav';

/**
 * The hamburger menu for narrow screens: a disclosure button plus a panel under the header.
 * Escape closes it and gives focus back to the button; following a link or clicking outside
 * closes it too.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // A navigation (link, back button) closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  // Listening before the open panel is painted (a layout effect), so an Escape pressed at once closes it.
  useLayoutEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="lg:hidden">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="max-sm:w-9"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('a11y.closeMenu') : t('a11y.openMenu')}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <X className="h-6 w-6" aria-hidden="true" /> : <MenuIcon className="h-6 w-6" aria-hidden="true" />}
      </Button>
      <nav
        id={panelId}
        aria-label={t('a11y.mobileNav')}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-border bg-surface shadow-lg"
      >
        {/* The links exist while the panel is open: closed, the panel is empty, so a page's first
            render does not build six links no one sees (issue 16, Total Blocking Time). */}
        {open && (
          <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2">
            {MAIN_NAV.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-3 font-medium',
                      isActive ? 'bg-surface-2 text-brand' : 'text-fg hover:bg-surface-2',
                    )
                  }
                >
                  <Icon className="h-5 w-5" aria-hidden="true" />
                  {t(labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
}
