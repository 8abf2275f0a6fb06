import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Choice<T extends string> {
  value: T;
  title: string;
  /** Shown under the title and read with the option. */
  body?: ReactNode;
}

interface Props<T extends string> {
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  error?: string;
  /** A line under the legend, read with the group. */
  hint?: string;
  className?: string;
}

/** A radio group drawn as cards (privacy, ranking type, points preset): real radios, arrow keys work. */
export function ChoiceCards<T extends string>({ legend, choices, value, onChange, disabled, error, hint, className }: Props<T>) {
  const name = useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 pr-8 text-sm font-medium text-fg">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 mb-2 text-xs text-muted">
          {hint}
        </p>
      )}
      <div className={cn('grid gap-2', className)}>
        {choices.map((c) => {
          // The whole card is the click target; the title names the radio, the body describes it.
          const titleId = `${name}-${c.value}-title`;
          const bodyId = `${name}-${c.value}-body`;
          return (
            <label
              key={c.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                value === c.value ? 'border-brand bg-brand/10' : 'border-border bg-surface hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={value === c.value}
                disabled={disabled}
                onChange={() => onChange(c.value)}
                aria-labelledby={titleId}
                aria-describedby={c.body ? bodyId : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-[var(--brand)]"
              />
              <span className="min-w-0 flex-1">
                <span id={titleId} className="block text-sm font-semibold text-fg">
                  {c.title}
                </span>
                {c.body && (
                  <span id={bodyId} className="mt-0.5 block text-sm text-muted">
                    {c.body}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
