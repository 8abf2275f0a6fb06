import { Building2, MapPin, Trophy, Users } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { Tournament } from '../api/list-tournaments';
import { TournamentImage } from './TournamentImage';
import { PrivacyBadge, TournamentStatusBadge } from './TournamentStatusBadge';

/** "Points · Standard" (the preset matters only for points) or "Classic". */
export function useRankingLabel() {
  const { t } = useTranslation('tournaments');
  return (tr: Pick<Tournament, 'ranking_type' | 'preset'>) =>
    tr.ranking_type === 'points'
      ? t('rankingWithPreset', { type: t('rankingTypes.points'), preset: t(`presets.${tr.preset}`) })
      : t('rankingTypes.classic');
}

/** "5 players" or "5 of 16 players". */
export function usePlayersLabel() {
  const { t } = useTranslation('tournaments');
  return (tr: Pick<Tournament, 'players' | 'max_participants'>) =>
    tr.max_participants > 0 ? t('playersMax', { count: tr.players, max: tr.max_participants }) : t('players', { count: tr.players });
}

/** A tournament in the list: picture, name, club, district, privacy, ranking, players, status. */
// Memoised: loading the next page re-renders the list, whose earlier cards keep their props.
export const TournamentCard = memo(function TournamentCard({ tournament: tr, district, view }: { tournament: Tournament; district: string; view: 'grid' | 'list' }) {
  const { t } = useTranslation('tournaments');
  const ranking = useRankingLabel();
  const players = usePlayersLabel();
  const where = [tr.location, district].filter(Boolean).join(' · ');
  const row = 'flex items-center gap-1.5 text-sm text-muted';
  return (
    <li
      className={cn(
        'relative flex overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        view === 'grid' ? 'flex-col' : 'flex-row',
      )}
    >
      <TournamentImage url={tr.image_url} className={view === 'grid' ? 'h-32 w-full' : 'w-24 shrink-0 sm:w-32'} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <h2 className="break-words text-base font-semibold leading-snug text-fg">
          <Link to={`/tournaments/${tr.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {tr.name}
          </Link>
        </h2>
        <div className="flex flex-wrap gap-1.5">
          <PrivacyBadge privacy={tr.privacy} />
          <TournamentStatusBadge tournament={tr} />
        </div>
        {tr.status === 'rejected' && tr.reject_reason && <p className="text-sm text-muted">{t('status.reason', { reason: tr.reject_reason })}</p>}
        {tr.club_name && (
          <p className={row}>
            <Building2 className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{tr.club_name}</span>
          </p>
        )}
        {where && (
          <p className={row}>
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{where}</span>
          </p>
        )}
        <p className={row}>
          <Trophy className="h-4 w-4 shrink-0" aria-hidden="true" />
          {ranking(tr)}
        </p>
        <p className={cn(row, 'mt-auto')}>
          <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
          {players(tr)}
        </p>
      </div>
    </li>
  );
});
