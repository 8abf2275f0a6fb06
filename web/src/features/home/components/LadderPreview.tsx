import { Bell, ChevronDown, ChevronUp, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

interface Row {
  name: string;
  points: number;
  trend: 'up' | 'down' | 'same';
}

const trendIcon = { up: ChevronUp, down: ChevronDown, same: Minus };
const trendClass = { up: 'text-success', down: 'text-danger', same: 'text-muted' };

/** A still picture of a ladder standings card: shows visitors what they are signing up for. */
export function LadderPreview() {
  const { t } = useTranslation('home');
  const rows = t('preview.rows', { returnObjects: true }) as Row[];
  const list = Array.isArray(rows) ? rows : [];
  const youIndex = 3;

  return (
    <figure className="relative mx-auto w-full max-w-md" aria-label={t('preview.label')}>
      <div className="rounded-2xl border border-border bg-surface p-5 pb-10 shadow-xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-sm font-semibold text-fg">{t('preview.title')}</p>
            <p className="text-xs text-muted">{t('preview.subtitle')}</p>
          </div>
          <span className="rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-fg">{t('preview.live')}</span>
        </div>
        <ol className="mt-4 space-y-1.5">
          {list.map((row, i) => {
            const Trend = trendIcon[row.trend] ?? Minus;
            const you = i === youIndex;
            return (
              <li
                key={row.name}
                className={cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5',
                  you ? 'bg-emerald-50 ring-1 ring-brand dark:bg-emerald-950/60' : 'bg-surface-2',
                )}
              >
                <span className="w-5 text-sm font-bold text-muted">{i + 1}</span>
                <span className="grid h-8 w-8 place-items-center rounded-full bg-brand text-xs font-bold text-brand-fg" aria-hidden="true">
                  {row.name.slice(0, 1)}
                </span>
                <span className="flex-1 truncate text-sm font-medium text-fg">{row.name}</span>
                {you && (
                  <span className="hidden rounded-md bg-brand px-2 py-0.5 text-xs font-semibold text-brand-fg sm:inline">
                    {t('preview.challenge')}
                  </span>
                )}
                <span className="text-sm font-semibold tabular-nums text-fg">{t('preview.points', { count: row.points })}</span>
                <Trend className={cn('h-4 w-4', trendClass[row.trend])} aria-hidden="true" />
              </li>
            );
          })}
        </ol>
      </div>
      <figcaption className="absolute -bottom-7 -left-2 flex max-w-[85%] items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-lg sm:-left-6">
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-accent text-accent-fg" aria-hidden="true">
          <Bell className="h-4 w-4" />
        </span>
        <span className="text-sm">
          <span className="block font-semibold text-fg">{t('preview.toastTitle')}</span>
          <span className="block text-muted">{t('preview.toastBody')}</span>
        </span>
      </figcaption>
    </figure>
  );
}
