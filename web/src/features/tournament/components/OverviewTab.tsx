import { CalendarClock, Info, MessagesSquare, ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonName } from '@/components/PersonName';
import { SectionCard } from '@/components/ui/SectionCard';
import type { Person, TournamentDetail } from '../api/get-tournament';
import { formatDate, signed } from '../lib/format';
import { OwnAvailability } from './OwnAvailability';
import { linkClass, usePlace } from './TournamentHeader';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[2fr_3fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

export function PersonLink({ person }: { person: Person }) {
  return <PersonName person={person} className={linkClass} />;
}

/** Ranking type explained, scoring, deadlines, limits, range, size, end date and special rules. */
function Rules({ tournament: tt }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { scoring, limits } = tt;
  return (
    <SectionCard icon={ScrollText} title={t('overview.rules')} compact>
      <dl className="divide-y divide-border">
        <Row label={t('overview.rankingType')}>
          <span className="font-semibold">{t(`rankingTypes.${tt.ranking_type}`)}</span>
          <span className="mt-1 block text-sm text-muted">
            {tt.ranking_type === 'points'
              ? t('overview.explainPoints', { higher: signed(scoring.win_vs_higher), lower: signed(scoring.win_vs_lower), defeat: signed(scoring.defeat) })
              : t('overview.explainClassic')}
          </span>
        </Row>
        {tt.ranking_type === 'points' && (
          <Row label={t('overview.scoring')}>
            {t(`presets.${tt.preset}`)} ·{' '}
            <span className="tabular-nums">
              {t('overview.scoringLine', { higher: signed(scoring.win_vs_higher), lower: signed(scoring.win_vs_lower), defeat: signed(scoring.defeat) })}
            </span>
          </Row>
        )}
        <Row label={t('overview.responseDays')}>{t('overview.days', { count: tt.response_days })}</Row>
        <Row label={t('overview.maxRejections')}>{t('overview.rejections', { count: tt.max_rejections })}</Row>
        <Row label={t('overview.limits')}>
          {t('overview.limitsValue', { min: limits.min_games, max: limits.max_games, count: limits.period_weeks })}
        </Row>
        <Row label={t('overview.challengeRange')}>
          {tt.challenge_range === 0 ? t('overview.rangeAnyone') : t('overview.rangeValue', { count: tt.challenge_range })}
        </Row>
        <Row label={t('overview.maxParticipants')}>{tt.max_participants > 0 ? tt.max_participants : t('overview.noLimit')}</Row>
        <Row label={t('overview.endDate')}>{tt.end_date ? formatDate(tt.end_date, t) : t('overview.noEndDate')}</Row>
        {tt.special_rules.trim() && (
          <Row label={t('overview.specialRules')}>
            <p className="whitespace-pre-line">{tt.special_rules}</p>
          </Row>
        )}
      </dl>
    </SectionCard>
  );
}

/** Club, place, dates and the people who run it. */
function About({ tournament: tt }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const district = usePlace(tt.district);
  return (
    <SectionCard icon={Info} title={t('overview.about')} compact>
      <dl className="divide-y divide-border">
        <Row label={t('overview.club')}>
          {tt.club_id && tt.club_name ? (
            <Link to={`/clubs/${tt.club_id}`} className={linkClass}>
              {tt.club_name}
            </Link>
          ) : (
            <span className="text-muted">{t('overview.noClub')}</span>
          )}
        </Row>
        {(tt.location || district) && <Row label={t('overview.place')}>{[tt.location, district].filter(Boolean).join(' · ')}</Row>}
        <Row label={t('overview.created')}>{formatDate(tt.created_at, t)}</Row>
        <Row label={t('overview.creator')}>{tt.creator ? <PersonLink person={tt.creator} /> : <span className="text-muted">{t('overview.noCreator')}</span>}</Row>
        <Row label={t('overview.referee')}>
          {tt.referees.length > 0 ? (
            <span className="flex flex-wrap gap-x-3">
              {tt.referees.map((r) => (
                <PersonLink key={r.id} person={r} />
              ))}
            </span>
          ) : (
            <span className="text-muted">{t('overview.noReferee')}</span>
          )}
        </Row>
      </dl>
    </SectionCard>
  );
}

/** Rules and facts for everyone; the caller's availability; who may read the group chat (private). */
export function OverviewTab({ tournament, signedIn }: { tournament: TournamentDetail; signedIn: boolean }) {
  const { t } = useTranslation('tournament');
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <Rules tournament={tournament} />
      <div className="space-y-6">
        <About tournament={tournament} />
        {signedIn && (
          <SectionCard icon={CalendarClock} title={t('overview.availability')} compact>
            <OwnAvailability />
          </SectionCard>
        )}
        {/* Members get the chat itself below the tabs (GroupChat); others learn it exists. */}
        {tournament.privacy === 'private' && !tournament.can_chat && (
          <SectionCard icon={MessagesSquare} title={t('overview.chat')} compact>
            <p className="text-sm text-muted">{t('overview.chatMembersOnly')}</p>
          </SectionCard>
        )}
      </div>
    </div>
  );
}
