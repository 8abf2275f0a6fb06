import { useTranslation } from 'react-i18next';
import type { Match } from '../api/list-matches';
import { formatDay } from '../lib/format';

const nameOf = (m: Match, id?: number) => (id === m.player1.id ? m.player1.display_name : id === m.player2.id ? m.player2.display_name : '');

/**
 * A reported or validated result: the score from the winner's side and the winner, the day, who
 * reported it and the opponent's answer (confirmed, disputed with the reason, or still waiting).
 */
export function ResultSummary({ match: m }: { match: Match }) {
  const { t, i18n } = useTranslation('challenges');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (!m.score) return null;
  const reported = m.state === 'result_reported' || m.state === 'result_disputed';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-surface-2 px-3 py-2.5 text-sm" data-testid="result-summary">
      <dt className="text-muted">{t('result.score')}</dt>
      <dd className="font-semibold tabular-nums text-fg">{m.score}</dd>
      <dt className="text-muted">{t('result.winner')}</dt>
      <dd className="text-fg">{nameOf(m, m.winner_id)}</dd>
      {m.played_on && (
        <>
          <dt className="text-muted">{t('result.playedOn')}</dt>
          <dd className="text-fg">{formatDay(m.played_on, language)}</dd>
        </>
      )}
      {m.reporter_id ? (
        <>
          <dt className="text-muted">{t('result.reportedBy')}</dt>
          <dd className="text-fg">{nameOf(m, m.reporter_id)}</dd>
        </>
      ) : null}
      {reported && (
        <>
          <dt className="text-muted">{t('result.answer')}</dt>
          <dd className="text-fg">
            {m.state === 'result_disputed' ? t('result.disputed') : m.result_confirmed ? t('result.confirmed') : t('result.awaiting')}
          </dd>
        </>
      )}
      {m.state === 'result_disputed' && m.dispute_reason && (
        <>
          <dt className="text-muted">{t('result.reason')}</dt>
          <dd className="whitespace-pre-line break-words text-fg">{m.dispute_reason}</dd>
        </>
      )}
      {m.state === 'completed' && (
        <>
          <dt className="text-muted">{t('result.points')}</dt>
          <dd className="text-fg">{t('result.pointsValue', { winner: signed(m.winner_points), loser: signed(m.loser_points) })}</dd>
        </>
      )}
      {m.validation_notes && (
        <>
          <dt className="text-muted">{t('result.notes')}</dt>
          <dd className="whitespace-pre-line break-words text-fg">{m.validation_notes}</dd>
        </>
      )}
    </dl>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
