import { Building2, CalendarDays, Swords, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/SessionProvider';
import { capabilities } from '@/lib/user';

interface Action {
  key: string;
  to: string;
  icon: LucideIcon;
}

/**
 * SPEC §2 "quick actions". Playing ones show to accounts the server says may play (the `play`
 * capability); proposing a club and setting availability are for every signed-in account.
 */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const canPlay = capabilities(user).has('play');
  const actions: Action[] = [
    ...(canPlay
      ? [
          { key: 'createChallenge', to: '/challenges?create=true', icon: Swords },
          { key: 'joinTournament', to: '/tournaments', icon: Trophy },
        ]
      : []),
    { key: 'setAvailability', to: '/profile#availability', icon: CalendarDays },
    { key: 'proposeClub', to: '/clubs?create=true', icon: Building2 },
  ];
  return (
    <section aria-labelledby="home-actions" className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="home-actions" className="mb-4 text-lg font-semibold text-fg">
        {t('actions.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {actions.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl border border-border px-3 py-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-brand" aria-hidden="true">
                <Icon className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-fg">{t(`actions.${key}.label`)}</span>
                <span className="block text-xs text-muted">{t(`actions.${key}.why`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
