import { useQuery } from '@tanstack/react-query';
import { Activity, Building, CalendarCheck, CircleCheck, Hourglass, ShieldCheck, Trophy, Users, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { dashboardQuery, type DashboardCounts } from '../api/get-dashboard';

type CounterKey = Exclude<keyof DashboardCounts, 'week_start'>;

/** SPEC §2's ten counters, in its order, each a link to the list it counts. */
const COUNTERS: { key: CounterKey; to: string; icon: LucideIcon }[] = [
  { key: 'registered_users', to: '/super-admin/players', icon: Users },
  { key: 'active_tournaments', to: '/super-admin/tournaments?status=active', icon: Trophy },
  { key: 'approved_clubs', to: '/super-admin/clubs?status=validated', icon: Building },
  { key: 'matches_played', to: '/super-admin/matches?state=completed', icon: CircleCheck },
  { key: 'pending_clubs', to: '/super-admin/clubs?status=pending', icon: Hourglass },
  { key: 'pending_tournaments', to: '/super-admin/tournaments?status=pending', icon: Hourglass },
  { key: 'pending_validations', to: '/super-admin/matches?state=pending', icon: ShieldCheck },
  { key: 'active_matches', to: '/super-admin/matches?state=active', icon: Activity },
  { key: 'weekly_games', to: '/super-admin/matches?state=completed&period=week', icon: CalendarCheck },
  { key: 'active_challenges', to: '/super-admin/challenges?status=pending', icon: Zap },
];

/** The dashboard's counters: one request (GET /api/admin/dashboard). */
export function DashboardCounters() {
  const { t, i18n } = useTranslation('adminArea');
  const q = useQuery(dashboardQuery());
  if (q.isPending) return <Spinner label={t('dashboard.loading')} className="py-10" />;
  if (q.isError) return <LoadFailed title={t('dashboard.failed')} onRetry={() => void q.refetch()} />;
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="admin-counters">
      <h2 id="admin-counters" className="sr-only">
        {t('dashboard.counters')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {COUNTERS.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`counter-${key}`}
              className="flex h-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-sm transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Icon className="h-5 w-5 text-brand" aria-hidden="true" />
              <span className="text-2xl font-bold tabular-nums text-fg">{fmt.format(q.data[key])}</span>
              <span className="text-sm text-muted">{t(`counters.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted">
        {t('dashboard.weekNote', { date: new Date(q.data.week_start).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) })}
      </p>
    </section>
  );
}
