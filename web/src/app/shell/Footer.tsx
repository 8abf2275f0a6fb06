import { LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DialogSpinner } from '@/components/ui/Spinner';
import { APP_VERSION } from '@/lib/version';
import { Logo } from './Logo';
import type { ContactType } from '@/features/contact/api/send-contact';

// The dialogs pull in Radix; load them only when a visitor opens one.
const loadContactDialog = () => import('@/features/contact/components/ContactDialog');
const ContactDialog = lazy(loadContactDialog);

const QUICK_LINKS = [
  { to: '/tournaments', key: 'nav.tournaments' },
  { to: '/challenges', key: 'nav.challenges' },
  { to: '/clubs', key: 'nav.clubs' },
  { to: '/leaderboards', key: 'nav.leaderboards' },
];

const LEGAL_LINKS = [
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/about', key: 'footer.about' },
];

const linkClass = 'rounded text-sm text-muted hover:text-fg hover:underline';
const actionClass = 'inline-flex cursor-pointer items-center gap-2 rounded text-left text-sm text-muted hover:text-fg hover:underline';

function LinkColumn({ title, links }: { title: string; links: { to: string; key: string }[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const [form, setForm] = useState<ContactType | null>(null);

  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{t('footer.tagline')}</p>
        </div>
        <LinkColumn title={t('footer.quickLinks')} links={QUICK_LINKS} />
        <LinkColumn title={t('footer.legal')} links={LEGAL_LINKS} />
        <div className="col-span-2 sm:col-span-1">
          <h2 className="text-sm font-semibold text-fg">{t('footer.help')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <button type="button" className={actionClass} onClick={() => setForm('support')} onPointerEnter={loadContactDialog}>
                <LifeBuoy className="h-4 w-4" aria-hidden="true" />
                {t('footer.support')}
              </button>
            </li>
            <li>
              <button type="button" className={actionClass} onClick={() => setForm('contact')} onPointerEnter={loadContactDialog}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {t('footer.contactDeveloper')}
              </button>
            </li>
            <li>
              {/* Discord is announced but not open yet (spec §2). */}
              <button type="button" disabled className="inline-flex cursor-not-allowed items-center gap-2 text-sm text-muted">
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                {t('footer.discord')}
                <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg">{t('footer.soon')}</span>
              </button>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        {/* Bottom room for the floating buttons (--fab-space, AppShell): the version is never under them. */}
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 pt-5 pb-[var(--fab-space,5.75rem)] text-xs text-muted sm:flex-row sm:px-6">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <p className="font-mono">{APP_VERSION}</p>
        </div>
      </div>
      {form && (
        <Suspense fallback={<DialogSpinner />}>
          <ContactDialog type={form} open onOpenChange={(open) => !open && setForm(null)} />
        </Suspense>
      )}
    </footer>
  );
}
