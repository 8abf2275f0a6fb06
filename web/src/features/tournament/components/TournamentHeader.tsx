import { Building2, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { useDistrictNames } from '@/lib/geo';
import type { TournamentDetail } from '../api/get-tournament';
import { PrivacyBadge, TournamentStatusBadge } from './TournamentBadges';
import { TournamentImage } from './TournamentImage';

export const linkClass = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

function Fact({ icon: Icon, children }: { icon: typeof Users; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <Icon className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
      {children}
    </li>
  );
}

/** A district's name in the UI language ('' when unset or unknown). */
export function usePlace(district: string) {
  return useDistrictNames().name(district);
}

/** Picture, name, status and privacy, club, district and players; `actions` go on the right. */
export function TournamentHeader({ tournament, actions }: { tournament: TournamentDetail; actions: ReactNode }) {
  const { t } = useTranslation('tournament');
  const district = usePlace(tournament.district);
  const where = [tournament.location, district].filter(Boolean).join(' · ');
  const max = tournament.max_participants;
  return (
    <header className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
      <TournamentImage url={tournament.image_url} className="h-36 w-full sm:h-52" />
      <div className="flex flex-col gap-4 p-5 sm:p-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-3">
          <PageTitle title={tournament.name} className="break-words text-2xl sm:text-3xl" />
          <div className="flex flex-wrap gap-2">
            <TournamentStatusBadge tournament={tournament} />
            <PrivacyBadge privacy={tournament.privacy} />
          </div>
          {tournament.status === 'pending' && <p className="text-sm text-muted">{t('status.pendingHint')}</p>}
          {tournament.status === 'rejected' && tournament.reject_reason && (
            <p className="text-sm text-muted">{t('status.reason', { reason: tournament.reject_reason })}</p>
          )}
          {tournament.status === 'inactive' && <p className="text-sm text-muted">{t('status.inactiveHint')}</p>}
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-fg">
            {tournament.club_id && tournament.club_name && (
              <Fact icon={Building2}>
                <Link to={`/clubs/${tournament.club_id}`} className={linkClass}>
                  {tournament.club_name}
                </Link>
              </Fact>
            )}
            {where && <Fact icon={MapPin}>{where}</Fact>}
            <Fact icon={Users}>
              {max > 0 ? t('facts.playersOf', { count: tournament.players, max }) : t('facts.players', { count: tournament.players })}
            </Fact>
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 lg:max-w-md lg:justify-end">{actions}</div>
      </div>
    </header>
  );
}
