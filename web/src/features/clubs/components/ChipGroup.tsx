import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

interface Props {
  legend: string;
  options: readonly string[];
  value: string[];
  label: (code: string) => string;
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: string;
}

/** A set of checkbox chips (surfaces, facilities): real checkboxes, styled as toggles. */
export function ChipGroup({ legend, options, value, label, onChange, disabled, error }: Props) {
  const toggle = (code: string) => onChange(value.includes(code) ? value.filter((c) => c !== code) : [...value, code]);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((code) => {
          const on = value.includes(code);
          return (
            <label
              key={code}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                on ? 'border-brand bg-brand text-brand-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
              )}
            >
              <input type="checkbox" className="sr-only" checked={on} disabled={disabled} onChange={() => toggle(code)} />
              {on && <Check className="h-3.5 w-3.5" aria-hidden="true" />}
              {label(code)}
            </label>
          );
        })}
      </div>
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
