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
  className?: string;
}

/** A radio group drawn as cards (privacy, ranking type, points preset): real radios, arrow keys work. */
export function ChoiceCards<T extends string>({ legend, choices, value, onChange, disabled, error, className }: Props<T>) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 pr-8 text-sm font-medium text-fg">{legend}</legend>
      <div className={cn('grid gap-2', className)}>
        {choices.map((c) => (
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
              className="mt-1 h-4 w-4 shrink-0 accent-[var(--brand)]"
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-fg">{c.title}</span>
              {c.body && <span className="mt-0.5 block text-sm text-muted">{c.body}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
