import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'w-full rounded-lg border border-border bg-surface px-3 py-2 text-fg placeholder:text-muted ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';

interface FieldProps {
  label: string;
  /** A server-side error for this field, shown under it and announced with it. */
  error?: string;
  /** A short help text under the control, announced with it. */
  hint?: ReactNode;
}

/** The ids a control is described by: its hint, then its error. */
function describedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, className, id: givenId, ...props }: FieldProps & ComponentProps<'input'>) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={cn(controlClasses, 'h-10', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, className, ...props }: FieldProps & ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={cn(controlClasses, 'min-h-28 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, className, children, ...props }: FieldProps & ComponentProps<'select'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={cn(controlClasses, 'h-10 cursor-pointer pr-8 disabled:cursor-not-allowed', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}
