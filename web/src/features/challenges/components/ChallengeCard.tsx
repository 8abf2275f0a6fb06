import { CalendarClock, Hourglass, MessageSquareQuote, Swords, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageButton } from '@/components/MessageButton';
import type { Challenge } from '../api/list-challenges';
import { formatDateTime, timeLeft } from '../lib/format';
import { ChallengeActions } from './ChallengeActions';
import { PersonLine } from './PersonLine';
import { ChallengeStatusBadge } from './StatusBadge';

/**
 * One challenge: the other player, the tournament, the proposed times (in the viewer's language
 * and zone), the message, its status with the time left to answer, and what the viewer may do.
 */
export function ChallengeCard({ challenge: c, now }: { challenge: Challenge; now: number }) {
  const { t, i18n } = useTranslation('challenges');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const sent = c.direction === 'sent';
  const other = sent ? c.challenged : c.challenger;
  const left = c.status === 'pending' ? timeLeft(c.expires_at, now) : null;
  return (
    <li data-testid="challenge" data-challenge-id={c.id} className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t(sent ? 'card.sentTo' : 'card.receivedFrom')}</p>
          <PersonLine person={other} size="md" />
        </div>
        <ChallengeStatusBadge status={c.status} />
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted">
        <Trophy className="h-4 w-4 shrink-0" aria-hidden="true" />
        <Link to={`/tournaments/${c.tournament.id}`} className="truncate rounded font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {c.tournament.name}
        </Link>
      </p>
      <div className="mt-3">
        <p className="flex items-center gap-2 text-sm font-medium text-fg">
          <CalendarClock className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          {t('card.proposedTimes')}
        </p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('card.proposedTimes')}>
          {c.proposed_times.map((at) => (
            <li key={at} className="rounded-lg bg-surface-2 px-2.5 py-1 text-sm tabular-nums text-fg">
              <time dateTime={at}>{formatDateTime(at, language)}</time>
            </li>
          ))}
        </ul>
      </div>
      {c.message && (
        <blockquote className="mt-3 flex gap-2 rounded-lg border-l-4 border-border bg-surface-2/60 px-3 py-2 text-sm text-fg">
          <MessageSquareQuote className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="whitespace-pre-line break-words">{c.message}</span>
        </blockquote>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-muted">
          {left && (
            <span className="inline-flex items-center gap-1.5" data-testid="expires-in">
              <Hourglass className="h-4 w-4" aria-hidden="true" />
              {t(sent ? 'card.expiresSent' : 'card.expiresReceived', { left })}
            </span>
          )}
          {c.auto_accepted && <span>{t('card.autoAccepted')}</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          <ChallengeActions challenge={c} />
          {!other.deleted && <MessageButton userId={other.id} name={other.display_name} variant="ghost" />}
          {c.match_id ? (
            <Link
              to={`/challenges?match=${c.match_id}`}
              className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium text-brand hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Swords className="h-4 w-4" aria-hidden="true" />
              {t('card.seeMatch')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
