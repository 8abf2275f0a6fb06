import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { controlClasses } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import {
  checkDay,
  endInputValue,
  MAX_SLOTS_PER_DAY,
  MINUTES_PER_DAY,
  minutesToTime,
  SLOT_STEP_MINUTES,
  slotsByDay,
  timeToMinutes,
  WEEKDAYS,
  weekdayName,
  type RangeProblem,
  type Slot,
} from '@/lib/availability';
import { cn } from '@/lib/cn';
import { focusFirstInvalid } from '@/lib/focus';
import { setAvailability } from '../api/set-availability';

interface Range {
  key: number;
  start: string;
  end: string;
}

type Week = Record<number, Range[]>;

let nextKey = 1;

function weekOf(slots: readonly Slot[]): Week {
  const week: Week = {};
  for (const [day, list] of slotsByDay(slots)) {
    week[day] = list.map((s) => ({ key: nextKey++, start: minutesToTime(s.start_minute), end: endInputValue(s.end_minute) }));
  }
  return week;
}

/** The ranges as the API wants them (only call when every range checks out). */
export function slotsOf(week: Week): Slot[] {
  return WEEKDAYS.flatMap((day) =>
    (week[day] ?? []).map((r) => ({ weekday: day, start_minute: timeToMinutes(r.start)!, end_minute: timeToMinutes(r.end, true)! })),
  );
}

/** Comparable text of a week, to tell whether it changed. */
const fingerprint = (week: Week) => WEEKDAYS.map((d) => (week[d] ?? []).map((r) => `${r.start}-${r.end}`).join(',')).join('|');

/** A sensible next range: after the day's last one, 2 hours long; 18:00–20:00 on an empty day. */
function nextRange(ranges: Range[]): Range {
  const ends = ranges.map((r) => timeToMinutes(r.end, true)).filter((m): m is number => m !== null);
  const start = ends.length ? Math.max(...ends) : 18 * 60;
  if (start >= MINUTES_PER_DAY) return { key: nextKey++, start: '', end: '' };
  const end = Math.min(start + 120, MINUTES_PER_DAY);
  return { key: nextKey++, start: minutesToTime(start), end: endInputValue(end) };
}

interface Props {
  slots: Slot[];
  timezone: string;
  onSaved: (slots: Slot[]) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The weekly availability editor of /profile: Monday to Sunday, each day with its ranges (time
 * inputs on 5-minute steps), add and remove. Checks what the server checks (end after start, no
 * overlap within a day, 5-minute marks, at most 8 a day) before saving; the server's per-range
 * messages (body.slots[i]) show under the range they are about. Its own save.
 */
export function AvailabilityEditor({ slots, timezone, onSaved, onDirtyChange }: Props) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [week, setWeek] = useState(() => weekOf(slots));
  const [savedPrint, setSavedPrint] = useState(() => fingerprint(weekOf(slots)));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const focusKey = useRef<number | string | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const dirty = fingerprint(week) !== savedPrint;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // After adding or removing, move focus where the keyboard user expects it.
  useEffect(() => {
    if (focusKey.current === null) return;
    rootRef.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey.current}"]`)?.focus();
    focusKey.current = null;
  });

  const problems = useMemo(() => {
    const out: Record<number, (RangeProblem | null)[]> = {};
    for (const day of WEEKDAYS) out[day] = checkDay(week[day] ?? []);
    return out;
  }, [week]);

  function change(day: number, key: number, edge: 'start' | 'end', value: string) {
    setWeek((w) => ({ ...w, [day]: (w[day] ?? []).map((r) => (r.key === key ? { ...r, [edge]: value } : r)) }));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  }

  function add(day: number) {
    const range = nextRange(week[day] ?? []);
    focusKey.current = `${range.key}-start`;
    setWeek((w) => ({ ...w, [day]: [...(w[day] ?? []), range] }));
  }

  function remove(day: number, key: number) {
    focusKey.current = `add-${day}`;
    setWeek((w) => ({ ...w, [day]: (w[day] ?? []).filter((r) => r.key !== key) }));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  }

  function message(problem: RangeProblem | null, key: number, shown: boolean): string | undefined {
    if (serverErrors[key]) return serverErrors[key];
    if (!problem || (problem === 'required' && !shown)) return undefined;
    return t(`availability.problems.${problem}`, { step: SLOT_STEP_MINUTES });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (WEEKDAYS.some((d) => problems[d].some((p) => p !== null))) {
      focusFirstInvalid(rootRef.current);
      return;
    }
    const sent = slotsOf(week);
    // Which range each index of the request was, to put the server's messages back in place.
    const keys = WEEKDAYS.flatMap((d) => (week[d] ?? []).map((r) => r.key));
    setSaving(true);
    setServerErrors({});
    try {
      const answer = await setAvailability(sent);
      const next = weekOf(answer);
      setWeek(next);
      setSavedPrint(fingerprint(next));
      setAttempted(false);
      onSaved(answer);
      toast.success(t('availability.saved'));
    } catch (error) {
      console.error('Error saving availability', error);
      const byKey: Record<number, string> = {};
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fieldErrors)) {
          const match = /^slots\[(\d+)\]/.exec(field);
          if (match && keys[Number(match[1])] !== undefined) byKey[keys[Number(match[1])]] = text;
        }
      }
      setServerErrors(byKey);
      toast.error(t('errors.updateProfile'), error instanceof ApiError ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={rootRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
      <p className="text-sm text-muted" data-testid="availability-timezone">
        {t('availability.timezone', { timezone })}
      </p>
      <p className="mt-1 text-xs text-muted">{t('availability.rules', { max: MAX_SLOTS_PER_DAY, step: SLOT_STEP_MINUTES })}</p>
      <div className="mt-5 space-y-3">
        {WEEKDAYS.map((day) => {
          const ranges = week[day] ?? [];
          const dayName = weekdayName(day, language);
          const dayId = `${baseId}-day-${day}`;
          return (
            <div
              key={day}
              role="group"
              aria-labelledby={dayId}
              data-testid={`day-${day}`}
              className="rounded-xl border border-border p-3 sm:grid sm:grid-cols-[9rem_1fr] sm:items-start sm:gap-4 sm:px-4"
            >
              <h3 id={dayId} className={cn('font-semibold text-fg sm:pt-2.5', ranges.length === 0 ? 'mb-1 sm:mb-0' : 'mb-2 sm:mb-0')}>
                {dayName}
              </h3>
              <div className={cn(ranges.length === 0 ? 'flex items-center justify-between gap-3' : 'space-y-3')}>
                {ranges.length === 0 && <p className="text-sm text-muted">{t('availability.unavailable')}</p>}
                {ranges.map((range, index) => {
                  const problem = problems[day][index];
                  const text = message(problem, range.key, attempted);
                  const rangeId = `${baseId}-r-${range.key}`;
                  const errorId = `${rangeId}-error`;
                  const invalid = !!text;
                  const input = (edge: 'start' | 'end') => (
                    <div className="min-w-0">
                      <span id={`${rangeId}-${edge}`} className="mb-1 block text-xs font-medium text-muted">
                        {t(`availability.${edge}`)}
                      </span>
                      <input
                        type="time"
                        step={SLOT_STEP_MINUTES * 60}
                        value={range[edge]}
                        data-focus-key={`${range.key}-${edge}`}
                        onChange={(e) => change(day, range.key, edge, e.target.value)}
                        aria-labelledby={`${dayId} ${rangeId} ${rangeId}-${edge}`}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? errorId : undefined}
                        disabled={saving}
                        className={cn(
                          controlClasses,
                          // Phones open their own time picker: the desktop picker icon only takes room there.
                          'h-11 min-w-0 px-2 tabular-nums max-sm:[&::-webkit-calendar-picker-indicator]:hidden',
                        )}
                      />
                    </div>
                  );
                  return (
                    <div key={range.key} data-testid="range">
                      <span id={rangeId} className="sr-only">
                        {t('availability.rangeN', { n: index + 1 })}
                      </span>
                      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-end gap-1.5 sm:gap-2">
                        {input('start')}
                        <span aria-hidden="true" className="pb-3 text-muted">
                          –
                        </span>
                        {input('end')}
                        <button
                          type="button"
                          onClick={() => remove(day, range.key)}
                          disabled={saving}
                          aria-label={t('availability.remove', { day: dayName, n: index + 1 })}
                          title={t('availability.removeShort')}
                          className="grid h-11 w-11 cursor-pointer place-items-center rounded-lg border border-border text-muted hover:bg-surface-2 hover:text-danger focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                        >
                          <Trash2 className="h-4.5 w-4.5" aria-hidden="true" />
                        </button>
                      </div>
                      {text && (
                        <p id={errorId} className="mt-1 text-sm text-danger">
                          {text}
                        </p>
                      )}
                    </div>
                  );
                })}
                <Button
                  variant="ghost"
                  size="sm"
                  data-focus-key={`add-${day}`}
                  onClick={() => add(day)}
                  disabled={saving || ranges.length >= MAX_SLOTS_PER_DAY}
                  aria-label={t('availability.addTo', { day: dayName })}
                  className="h-11 text-brand"
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  {t('availability.add')}
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      <div className="mt-5 flex flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        {dirty && !saving && <p className="text-center text-sm text-muted sm:text-right">{t('unsaved')}</p>}
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? t('saving') : t('availability.save')}
        </Button>
      </div>
    </form>
  );
}
