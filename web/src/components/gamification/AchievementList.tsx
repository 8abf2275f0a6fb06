import { Award, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { AchievementItem } from '@/lib/gamification';

/**
 * The achievements catalogue as a player holds it: earned ones (with the date) and locked ones
 * (greyed, with how to earn them). Shared by /gamification and the statistics page's
 * Achievements tab; texts from the gamification namespace (load it with the page).
 */
export function AchievementList({
  items,
  showLocked = true,
  headingLevel = 3,
}: {
  items: AchievementItem[];
  showLocked?: boolean;
  /** The level of the list's two headings: 2 on a page without section headings above. */
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('gamification');
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const earned = items.filter((a) => a.earned_at);
  const locked = items.filter((a) => !a.earned_at);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const card = (a: AchievementItem) => {
    const got = Boolean(a.earned_at);
    return (
      <li
        key={a.code}
        data-testid={`achievement-${a.code}`}
        data-earned={got ? 'true' : 'false'}
        className={cn('flex gap-3 rounded-xl border p-3', got ? 'border-brand/40 bg-surface' : 'border-dashed border-border bg-surface-2')}
      >
        <span
          className={cn(
            'grid h-10 w-10 shrink-0 place-items-center rounded-full',
            got ? 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100' : 'bg-surface text-muted',
          )}
          aria-hidden="true"
        >
          {got ? <Award className="h-5 w-5" /> : <Lock className="h-4 w-4" />}
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-fg">
            {t(`achievements.${a.code}.name`)}
            {!got && <span className="sr-only"> ({t('list.locked')})</span>}
          </p>
          <p className="text-sm text-muted">{t(`achievements.${a.code}.description`)}</p>
          {got ? (
            <p className="mt-1 text-xs text-muted">{t('list.earnedOn', { date: date(a.earned_at as string) })}</p>
          ) : (
            <p className="mt-1 text-xs text-muted">
              <span className="font-medium text-fg">{t('list.how')}</span> {t(`achievements.${a.code}.how`)}
            </p>
          )}
        </div>
      </li>
    );
  };
  return (
    <div className="grid gap-4" data-testid="achievement-list">
      <section aria-labelledby="ach-earned">
        <H id="ach-earned" className="mb-2 text-sm font-semibold text-fg">
          {t('list.earned', { count: earned.length, total: items.length })}
        </H>
        {earned.length === 0 ? (
          <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('list.none')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">{earned.map(card)}</ul>
        )}
      </section>
      {showLocked && locked.length > 0 && (
        <section aria-labelledby="ach-locked">
          <H id="ach-locked" className="mb-2 text-sm font-semibold text-fg">
            {t('list.lockedTitle', { count: locked.length })}
          </H>
          <ul className="grid gap-2 sm:grid-cols-2">{locked.map(card)}</ul>
        </section>
      )}
    </div>
  );
}
