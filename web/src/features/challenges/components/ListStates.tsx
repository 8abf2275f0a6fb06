import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

export function EmptyState({ icon: Icon, title, body }: { icon: LucideIcon; title: string; body?: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center">
      <span className="mb-3 grid h-12 w-12 place-items-center rounded-2xl bg-surface-2 text-muted" aria-hidden="true">
        <Icon className="h-6 w-6" />
      </span>
      <p className="font-semibold text-fg">{title}</p>
      {body && <p className="mt-1 max-w-md text-sm text-muted">{body}</p>}
    </div>
  );
}

export function LoadMore({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation('challenges');
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading}>
        {loading ? t('loadingMore') : t('loadMore')}
      </Button>
    </div>
  );
}

interface ChipsProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}

/** A row of toggle buttons (one pressed): the status filters. */
export function FilterChips<T extends string>({ label, options, value, onChange, labelOf }: ChipsProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={value === o}
          onClick={() => onChange(o)}
          className={cn(
            'min-h-9 cursor-pointer rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            value === o ? 'border-brand bg-brand text-brand-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
          )}
        >
          {labelOf(o)}
        </button>
      ))}
    </div>
  );
}
