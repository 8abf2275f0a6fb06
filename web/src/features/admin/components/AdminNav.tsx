import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/SessionProvider';
import { capabilities } from '@/lib/user';
import { ADMIN_NAV, isCurrent } from './nav-items';

const linkClasses = (current: boolean) =>
  cn(
    'flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    current ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
  );

/**
 * The administration area's menu: a side menu from 1024 px, a disclosure ("Admin menu") above
 * the page on a phone. Each link shows only with the reader's capability (server policy).
 */
export function AdminNav() {
  const { t } = useTranslation('adminArea');
  const { user } = useSession();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const caps = capabilities(user);
  const items = ADMIN_NAV.filter((i) => (Array.isArray(i.capability) ? i.capability : [i.capability]).some((c) => caps.has(c)));
  const current = items.find((i) => isCurrent(i.to, pathname, search, hash) || i.children?.some((c) => isCurrent(c.to, pathname, search, hash)));
  // A followed link closes the phone menu.
  useEffect(() => setOpen(false), [pathname, search, hash]);

  const roleLabel = user?.is_root ? t('role.root') : caps.has('superAdminsPage') ? t('role.superadmin') : t('role.admin');
  return (
    <nav aria-label={t('nav.label')} className="rounded-2xl border border-border bg-surface p-2 shadow-sm lg:sticky lg:top-20">
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted">{t('nav.title')}</span>
        <span
          className={cn('rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg', user?.is_root && 'font-bold tracking-wider')}
          data-testid="admin-role"
        >
          {roleLabel}
        </span>
      </div>
      <button
        type="button"
        className={cn(linkClasses(false), 'w-full justify-between text-fg lg:hidden')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{current ? t('nav.menuAt', { page: t(`nav.${current.key}`) }) : t('nav.menu')}</span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul id={listId} className={cn('mt-1 space-y-0.5 lg:block', open ? 'block' : 'hidden')}>
        {items.map((item) => {
          const here = isCurrent(item.to, pathname, search, hash);
          return (
            <li key={item.key}>
              <Link to={item.to} className={linkClasses(here)} aria-current={here ? 'page' : undefined}>
                <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t(`nav.${item.key}`)}
              </Link>
              {item.children && (
                <ul className="ml-7 border-l border-border pl-2">
                  {item.children.map((c) => {
                    const sub = isCurrent(c.to, pathname, search, hash);
                    return (
                      <li key={c.key}>
                        <Link to={c.to} className={cn(linkClasses(sub), 'min-h-9 py-1.5')} aria-current={sub ? 'page' : undefined}>
                          {t(`nav.${c.key}`)}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
