import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './Button';

interface LoadFailedProps {
  /** What could not be loaded, in the feature's words. */
  title: string;
  /** An optional second, muted line (e.g. the server's message). */
  detail?: string;
  onRetry: () => void;
  className?: string;
}

/**
 * The box of a read that failed, with a "Try again" button (spec §2's error state): one box for
 * every failed load, so they all look, read and behave the same.
 */
export function LoadFailed({ title, detail, onRetry, className }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cn('rounded-2xl border border-border bg-surface p-6 text-center', className)}>
      <p className="font-semibold text-fg">{title}</p>
      {detail && <p className="mt-1 text-sm text-muted">{detail}</p>}
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
