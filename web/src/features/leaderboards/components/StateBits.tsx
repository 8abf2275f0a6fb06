import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';

/** A failed read with a retry button. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('leaderboards');
  return (
    <div role="alert" className="rounded-2xl border border-border bg-surface p-6 text-center">
      <p className="font-semibold text-fg">{text}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** An empty list's sentence. */
export function Empty({ text }: { text: string }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{text}</p>;
}
