import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';

/** A loading spinner, or an error with a retry. */
export function LoadState({ pending, error, onRetry }: { pending: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useTranslation('stats');
  if (pending) return <Spinner className="py-12" label={t('loading')} />;
  if (!error) return null;
  return <LoadFailed title={t('loadFailed')} onRetry={onRetry} />;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{children}</p>;
}

/** A card with a title, for the sections of a tab. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5" data-testid={testId}>
      <h2 className="mb-3 text-base font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** The W/L chips of recent form, newest first, with an accessible sentence. */
export function FormChips({ form }: { form: string[] }) {
  const { t } = useTranslation('stats');
  if (form.length === 0) return <p className="text-sm text-muted">{t('overview.noForm')}</p>;
  return (
    <div>
      <ol className="flex flex-wrap gap-1.5" aria-hidden="true">
        {form.map((r, i) => (
          <li
            key={i}
            className={
              r === 'W'
                ? 'grid h-7 w-7 place-items-center rounded-md text-xs font-bold bg-emerald-700 text-white dark:bg-emerald-400 dark:text-emerald-950'
                : 'grid h-7 w-7 place-items-center rounded-md text-xs font-bold bg-red-700 text-white dark:bg-red-400 dark:text-red-950'
            }
          >
            {r === 'W' ? t('overview.winLetter') : t('overview.lossLetter')}
          </li>
        ))}
      </ol>
      <p className="sr-only">{form.map((r) => (r === 'W' ? t('overview.win') : t('overview.loss'))).join(', ')}</p>
    </div>
  );
}
