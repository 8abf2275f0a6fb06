import { CalendarClock, CalendarPlus, MapPin, Trophy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadMatchCalendar } from '@/lib/calendar';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { showToast } from '@/lib/toast';
import { useSession } from '@/lib/SessionProvider';
import type { Match } from '../api/list-matches';
import { formatDateTime } from '../lib/format';
import { MatchActions } from './MatchActions';
import { MatchChat } from './MatchChat';
import { PersonLine } from './PersonLine';
import { ResultSummary } from './ResultSummary';
import { Badge, MatchStateBadge } from './StatusBadge';

/** Where a match is played: location, court and surface, whichever are known. */
function usePlace(m: Match) {
  const { t } = useTranslation('challenges');
  return [m.location, m.court && t('match.court', { court: m.court }), m.surface && t(`surfaces.${m.surface}`, { defaultValue: m.surface })]
    .filter(Boolean)
    .join(' · ');
}

/** Downloads the match as an .ics event (its players and referees: the server's can_calendar). */
function CalendarButton({ match: m, meId }: { match: Match; meId?: number }) {
  const { t } = useTranslation('calendar');
  const name = usePersonName();
  const other = m.player1.id === meId ? m.player2 : m.player1;
  return (
    <button
      type="button"
      data-testid="match-calendar"
      onClick={() =>
        void downloadMatchCalendar(m.id).catch(() => showToast({ variant: 'error', title: t('download'), description: t('feed.failed') }))
      }
      aria-label={t('downloadLabel', { name: name(other) })}
      className="ml-1 inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <CalendarPlus className="h-4 w-4" aria-hidden="true" />
      {t('download')}
    </button>
  );
}

/**
 * One match: tournament, the two players, state, when and where, the result, and the actions the
 * viewer may take. `highlight` (a notification's ?match=) scrolls it into view and marks it.
 */
export function MatchCard({ match: m, highlight = false, as: Tag = 'li' }: { match: Match; highlight?: boolean; as?: 'li' | 'div' }) {
  const { t, i18n } = useTranslation('challenges');
  const { user } = useSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const place = usePlace(m);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!highlight) return;
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [highlight]);

  return (
    <Tag
      ref={ref as never}
      tabIndex={highlight ? -1 : undefined}
      data-testid="match"
      data-match-id={m.id}
      data-highlighted={highlight || undefined}
      aria-current={highlight ? 'true' : undefined}
      className={cn(
        'scroll-mt-24 rounded-2xl border bg-surface p-4 shadow-sm focus:outline-none sm:p-5',
        highlight ? 'border-brand ring-2 ring-brand/40' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm text-muted">
          <Trophy className="h-4 w-4 shrink-0" aria-hidden="true" />
          <Link to={`/tournaments/${m.tournament.id}`} className="truncate rounded font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring">
            {m.tournament.name}
          </Link>
        </p>
        <div className="flex flex-wrap gap-1.5">
          <MatchStateBadge state={m.state} />
          {m.state === 'result_reported' && m.result_confirmed && <Badge tone="green">{t('result.confirmedBadge')}</Badge>}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <PersonLine person={m.player1} me={m.player1.id === user?.id} size="md" />
        <span className="text-sm font-medium text-muted">{t('match.versus')}</span>
        <PersonLine person={m.player2} me={m.player2.id === user?.id} size="md" />
      </div>
      <div className="mt-3 space-y-1.5 text-sm">
        {m.scheduled_at && m.state !== 'time_proposed' ? (
          <p className="flex items-center gap-2 text-fg">
            <CalendarClock className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            <time dateTime={m.scheduled_at}>{formatDateTime(m.scheduled_at, language)}</time>
            {m.can_calendar && <CalendarButton match={m} meId={user?.id} />}
          </p>
        ) : m.proposed_times.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            <CalendarClock className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            <span className="text-muted">{t('match.proposed')}</span>
            {m.proposed_times.map((at) => (
              <time key={at} dateTime={at} className="rounded-lg bg-surface-2 px-2 py-0.5 tabular-nums text-fg">
                {formatDateTime(at, language)}
              </time>
            ))}
          </div>
        ) : null}
        {place && (
          <p className="flex items-center gap-2 text-fg">
            <MapPin className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            {place}
          </p>
        )}
      </div>
      {m.score && (
        <div className="mt-3">
          <ResultSummary match={m} />
        </div>
      )}
      {!m.score && m.validation_notes && m.state !== 'cancelled' && (
        <p className="mt-3 rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">{t('match.rejectedNotes', { notes: m.validation_notes })}</p>
      )}
      <div className="mt-4 flex flex-wrap items-start justify-between gap-2">
        <MatchActions match={m} />
        <MatchChat match={m} />
      </div>
    </Tag>
  );
}
