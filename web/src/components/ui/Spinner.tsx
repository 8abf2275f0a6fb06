import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A spinner with a visible, translated label (spec §2: "a spinner with a loading label"). */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-3 text-muted', className)}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-[3px] border-border border-t-brand motion-reduce:animate-none"
      />
      <span className="text-sm font-medium">{label ?? t('loading')}</span>
    </div>
  );
}

/** Fills the page area while a route's code loads. */
export function PageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-[50vh] py-16" />;
}

/** Where a lazy dialog is about to open, while its code loads: the click was heard. */
export function DialogSpinner() {
  return <Spinner className="fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface px-4 py-3 shadow-lg" />;
}
