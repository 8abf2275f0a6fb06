import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/SectionCard';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { CLOCK_24H } from '@/lib/time-format';
import type { HomeMatch } from './api';

/** The reader's matches (active or completed): opponent, tournament, state, time or score. */
export function MatchList({
  id,
  icon,
  title,
  empty,
  matches,
  me,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  empty: string;
  matches: HomeMatch[];
  me: number;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const name = usePersonName();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    ...CLOCK_24H,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <SectionCard icon={icon} title={title} compact id={id}>
      {matches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid={`${id}-list`}>
          {matches.map((m) => {
            const opponent = m.player1.id === me ? m.player2 : m.player1;
            const won = m.state === 'completed' && m.winner_id === me;
            const lost = m.state === 'completed' && !!m.winner_id && m.winner_id !== me;
            return (
              <li key={m.id}>
                <Link
                  to={`/challenges?match=${m.id}`}
                  className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-fg">{t('matches.versus', { name: name(opponent) })}</span>
                    <span className="block truncate text-sm text-muted">{m.tournament.name}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    {m.state === 'completed' ? (
                      <span
                        className={cn(
                          'block text-sm font-semibold',
                          won ? 'text-emerald-700 dark:text-emerald-300' : lost ? 'text-rose-700 dark:text-rose-300' : 'text-fg',
                        )}
                      >
                        {won ? t('matches.won') : lost ? t('matches.lost') : t('states.completed')}
                      </span>
                    ) : (
                      <span className="block text-sm font-semibold text-fg">{t(`states.${m.state}`)}</span>
                    )}
                    <span className="block text-xs tabular-nums text-muted">
                      {m.score || (m.scheduled_at ? when.format(new Date(m.scheduled_at)) : t('matches.noTime'))}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
