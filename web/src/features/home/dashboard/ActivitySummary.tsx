import { BellDot, ClipboardCheck, MessageSquare, Swords, CalendarDays, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { HomeData } from './api';

interface Tile {
  key: string;
  icon: LucideIcon;
  count: number;
  to: string;
  /** A line under the number (e.g. how many wait for the reader's answer). */
  detail?: string;
}

/** SPEC §2 "activity summary": what waits for the reader, each a link to where it is done. */
export function ActivitySummary({ counts }: { counts: HomeData['counts'] }) {
  const { t } = useTranslation('dashboard');
  const open = counts.challenges_received + counts.challenges_sent;
  const tiles: Tile[] = [
    {
      key: 'challenges',
      icon: Swords,
      count: open,
      to: counts.challenges_received > 0 ? '/challenges?box=received&status=pending' : '/challenges?status=pending',
      detail: counts.challenges_received > 0 ? t('summary.toAnswer', { count: counts.challenges_received }) : undefined,
    },
    { key: 'matches', icon: CalendarDays, count: counts.matches_to_play, to: '/challenges' },
    { key: 'results', icon: ClipboardCheck, count: counts.results_waiting, to: '/notifications?tab=pending' },
    { key: 'notifications', icon: BellDot, count: counts.unread_notifications, to: '/notifications' },
  ];
  // Unread messages: the same count as the header badge (shown when the API sends it).
  if (counts.unread_messages !== undefined && counts.unread_messages !== null) {
    tiles.push({ key: 'messages', icon: MessageSquare, count: counts.unread_messages, to: '/messages' });
  }
  return (
    <section aria-labelledby="home-summary">
      <h2 id="home-summary" className="sr-only">
        {t('summary.title')}
      </h2>
      <ul className={cn('grid grid-cols-2 gap-3 sm:gap-4', tiles.length > 4 ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
        {tiles.map(({ key, icon: Icon, count, to, detail }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`summary-${key}`}
              className={cn(
                'flex h-full flex-col gap-2 rounded-2xl border bg-surface p-4 shadow-sm transition-colors hover:bg-surface-2',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                count > 0 ? 'border-brand/50' : 'border-border',
              )}
            >
              <span className="flex items-center gap-2 text-sm font-medium text-muted">
                <Icon className={cn('h-4 w-4', count > 0 ? 'text-brand' : 'text-muted')} aria-hidden="true" />
                {t(`summary.${key}.label`)}
              </span>
              <span className="text-3xl font-bold tabular-nums text-fg">{key === 'results' && count >= 50 ? '50+' : count}</span>
              <span className="text-xs text-muted">{detail ?? t(`summary.${key}.${count > 0 ? 'some' : 'none'}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
