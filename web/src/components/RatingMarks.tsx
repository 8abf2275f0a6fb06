import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * Marks of the Glicko-2 rating shared by the ranking, the challenge dialog and the statistics page
 * (texts in the `rating` namespace, which their routes load). The server computes both numbers;
 * these only show them.
 */

/** The reader's chance of beating a player, e.g. "62%" with an accessible sentence. */
export function WinChance({ probability, className }: { probability: number | null | undefined; className?: string }) {
  const { t } = useTranslation('rating');
  if (probability == null) return null;
  const percent = Math.round(probability * 100);
  const tone = percent >= 60 ? 'text-success' : percent <= 40 ? 'text-danger' : 'text-fg';
  return (
    <span className={cn('tabular-nums', tone, className)} title={t('winChanceHint')}>
      <span aria-hidden="true">{t('percent', { value: percent })}</span>
      <span className="sr-only">{t('winChanceSentence', { value: percent })}</span>
    </span>
  );
}

/** "Provisional": the rating's deviation is still high (few or old matches). */
export function ProvisionalMark({ provisional, className }: { provisional: boolean; className?: string }) {
  const { t } = useTranslation('rating');
  if (!provisional) return null;
  return (
    <span
      className={cn('inline-flex items-center rounded-full border border-border px-1.5 text-xs font-medium text-muted', className)}
      title={t('provisionalHint')}
    >
      {t('provisional')}
    </span>
  );
}
