import { Plus, Sparkles, TriangleAlert, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { controlClasses } from '@/components/ui/Field';
import { cn } from '@/lib/cn';
import { formatDateTime } from '../lib/format';
import { MAX_TIMES, earliestInputValue, fewTimes, fromInputValue, isBlocking, timeIssues, toInputValue } from '../lib/time-advice';

interface Props {
  /** datetime-local values; '' for an empty row. */
  values: string[];
  onChange: (values: string[]) => void;
  /** Suggested times (RFC 3339) that fit both availabilities. */
  suggestions: string[];
  error?: string;
  now: Date;
}

/**
 * 1 to 3 proposed times (datetime-local, in the browser's zone) with the spec's advice: offer
 * 2–3, at least 2 hours ahead, avoid 12h–14h and after 21h. Each row warns about what it breaks;
 * suggested times fill the first empty row.
 */
export function ProposedTimes({ values, onChange, suggestions, error, now }: Props) {
  const { t, i18n } = useTranslation('challenges');
  const id = useId();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dates = values.map(fromInputValue);
  const filled = dates.filter((d): d is Date => d !== null);
  const min = earliestInputValue(now);

  function add(value = '') {
    const empty = values.indexOf('');
    if (value && empty >= 0) onChange(values.map((v, i) => (i === empty ? value : v)));
    else if (values.length < MAX_TIMES) onChange([...values, value]);
  }
  const chosen = new Set(filled.map((d) => toInputValue(d)));
  const full = filled.length >= MAX_TIMES;

  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-advice${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-fg">{t('create.times')}</legend>
      <p id={`${id}-advice`} className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted" data-testid="time-advice">
        {t('create.advice')}
      </p>
      <ol className="space-y-3">
        {values.map((value, i) => {
          const date = dates[i];
          const issues = date ? timeIssues(date, now, dates.slice(0, i).filter((d): d is Date => d !== null)) : [];
          const inputId = `${id}-time-${i}`;
          return (
            <li key={i}>
              <label htmlFor={inputId} className="mb-1 block text-sm text-fg">
                {t('create.timeN', { n: i + 1 })}
              </label>
              <div className="flex gap-2">
                <input
                  id={inputId}
                  type="datetime-local"
                  value={value}
                  min={min}
                  step={300}
                  aria-invalid={issues.some(isBlocking) || (!!error && !value) ? true : undefined}
                  aria-describedby={issues.length ? `${inputId}-issues` : undefined}
                  onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
                  className={cn(controlClasses, 'h-10 min-w-0 flex-1')}
                />
                {values.length > 1 && (
                  <Button variant="ghost" size="icon" aria-label={t('create.removeTime', { n: i + 1 })} onClick={() => onChange(values.filter((_, j) => j !== i))}>
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
              {issues.length > 0 && (
                <ul id={`${inputId}-issues`} className="mt-1 space-y-0.5" data-testid="time-issues">
                  {issues.map((issue) => (
                    <li key={issue} className={cn('flex items-center gap-1.5 text-sm', isBlocking(issue) ? 'text-danger' : 'text-warning')}>
                      <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {t(`create.issues.${issue}`)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {fewTimes(filled.length) && <p className="text-sm text-warning">{t('create.fewTimes')}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {values.length < MAX_TIMES && (
        <Button variant="outline" size="sm" onClick={() => add()}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('create.addTime')}
        </Button>
      )}
      {suggestions.length > 0 && (
        <div className="space-y-2">
          <p className="flex items-center gap-1.5 text-sm font-medium text-fg">
            <Sparkles className="h-4 w-4 text-brand" aria-hidden="true" />
            {t('create.suggestions')}
          </p>
          <ul className="flex flex-wrap gap-2" data-testid="suggested-times">
            {suggestions.map((at) => {
              const value = toInputValue(new Date(at));
              const taken = chosen.has(value);
              return (
                <li key={at}>
                  <button
                    type="button"
                    disabled={taken || (full && !taken)}
                    aria-pressed={taken}
                    aria-label={t('create.addSuggestion', { time: formatDateTime(at, language) })}
                    onClick={() => add(value)}
                    className={cn(
                      'min-h-9 cursor-pointer rounded-full border px-3 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
                      taken ? 'border-brand bg-brand/10 text-fg' : 'border-border bg-surface text-fg hover:bg-surface-2 disabled:opacity-60',
                    )}
                  >
                    {formatDateTime(at, language)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
