import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { minutesToTime, slotsByDay, WEEKDAYS, weekdayName } from '@/lib/availability';
import { useSession } from '@/lib/SessionProvider';
import { ownAvailabilityQuery } from '../api/own-availability';
import { linkClass } from './TournamentHeader';

/**
 * The signed-in player's weekly availability in one glance (opponents propose times from it),
 * with the way to /profile to change it — or to set it, as SPEC §5 asks players to.
 */
export function OwnAvailability() {
  const { t, i18n } = useTranslation('tournament');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user } = useSession();
  const query = useQuery({ ...ownAvailabilityQuery(user?.id ?? 0), enabled: !!user });
  if (query.isPending) return <Spinner className="justify-start" />;
  if (query.isError) return <p className="text-sm text-muted">{t('overview.availabilityFailed')}</p>;
  const { slots, timezone } = query.data;
  const byDay = slotsByDay(slots);
  const days = WEEKDAYS.filter((d) => (byDay.get(d) ?? []).length > 0);
  return (
    <div className="space-y-3 text-sm">
      {days.length === 0 ? (
        <p className="text-muted">{t('overview.availabilityNone')}</p>
      ) : (
        <>
          <p className="text-fg">{t('overview.availabilityDays', { count: days.length })}</p>
          <ul className="space-y-1">
            {days.map((d) => (
              <li key={d} className="flex gap-2">
                <span className="w-28 shrink-0 whitespace-nowrap font-medium text-fg">{weekdayName(d, language)}</span>
                <span className="tabular-nums text-muted">
                  {(byDay.get(d) ?? []).map((s) => `${minutesToTime(s.start_minute)}–${minutesToTime(s.end_minute)}`).join(', ')}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted">{t('overview.timezone', { timezone })}</p>
        </>
      )}
      <Link to="/profile#availability" className={linkClass}>
        {days.length === 0 ? t('overview.availabilitySet') : t('overview.availabilityEdit')}
      </Link>
    </div>
  );
}
