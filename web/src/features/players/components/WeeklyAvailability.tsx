import { useTranslation } from 'react-i18next';
import { minutesToTime, slotsByDay, WEEKDAYS, weekdayName, type Slot } from '@/lib/availability';

/** The week at a glance, read-only: one line per day, Monday first, with its ranges. */
export function WeeklyAvailability({ slots, timezone }: { slots: Slot[]; timezone: string }) {
  const { t, i18n } = useTranslation('players');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const byDay = slotsByDay(slots);
  if (slots.length === 0) return <p className="text-sm text-muted">{t('availability.none')}</p>;
  return (
    <div>
      <dl className="divide-y divide-border">
        {WEEKDAYS.map((day) => {
          const ranges = byDay.get(day) ?? [];
          return (
            <div key={day} className="flex items-baseline gap-3 py-2" data-testid={`availability-day-${day}`}>
              <dt className="w-12 shrink-0 text-sm font-semibold text-fg sm:w-28">
                <abbr title={weekdayName(day, language)} className="no-underline sm:hidden">
                  {weekdayName(day, language, 'short')}
                </abbr>
                <span className="hidden sm:inline">{weekdayName(day, language)}</span>
              </dt>
              <dd className="flex flex-wrap gap-1.5">
                {ranges.length === 0 ? (
                  <span className="text-sm text-muted">{t('availability.dayOff')}</span>
                ) : (
                  ranges.map((r) => (
                    <span key={r.start_minute} className="rounded-md bg-brand/10 px-2 py-0.5 text-sm font-medium tabular-nums text-fg">
                      {minutesToTime(r.start_minute)}–{minutesToTime(r.end_minute)}
                    </span>
                  ))
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-3 text-xs text-muted">{t('availability.timezone', { timezone })}</p>
    </div>
  );
}
