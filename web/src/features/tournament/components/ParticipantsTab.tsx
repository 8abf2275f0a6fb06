import { useQuery } from '@tanstack/react-query';
import { Check, Gavel, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/PersonName';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { SectionCard } from '@/components/ui/SectionCard';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import type { TournamentDetail } from '../api/get-tournament';
import { decideJoinRequest } from '../api/tournament-actions';
import { participantsQuery, type Participant } from '../api/tournament-data';
import { useTournamentAction } from '../api/use-tournament-action';
import { formatDate } from '../lib/format';
import { ParticipantMenu } from './ParticipantMenu';
import { Empty, QueryState } from './QueryState';
import { PlayerStatusBadge, tones } from './TournamentBadges';
import { linkClass } from './TournamentHeader';

function Person({ p, tournament, note }: { p: Participant; tournament: TournamentDetail; note: string }) {
  const { t } = useTranslation('tournament');
  const name = usePersonName();
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <Avatar photoUrl={p.player.photo_url} name={name(p.player)} size="md" />
      <span className="min-w-0">
        <PersonName person={p.player} className={cn('block truncate', linkClass)} />
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
          {p.player.id === tournament.creator_id && <span className={cn('rounded-full px-2 py-0.5 font-semibold', tones.green)}>{t('participants.creator')}</span>}
          {p.role === 'referee' && <span className={cn('rounded-full px-2 py-0.5 font-semibold', tones.blue)}>{t('participants.roles.referee')}</span>}
          <PlayerStatusBadge status={p.status} />
          <span>{note}</span>
        </span>
      </span>
    </span>
  );
}

/** A pending join request with Approve / Decline (managers only see these). */
function Request({ p, tournament }: { p: Participant; tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const run = useTournamentAction();
  const [busy, setBusy] = useState(false);
  const name = p.player.display_name;
  async function decide(approve: boolean) {
    setBusy(true);
    try {
      await run(() => decideJoinRequest(tournament.id, p.player.id, approve), {
        success: t(approve ? 'participants.approved' : 'participants.declined', { name }),
        error: t('participants.decideError'),
      });
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Person p={p} tournament={tournament} note={t('participants.askedOn', { date: formatDate(p.joined_at, t) })} />
      <span className="flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => void decide(true)} aria-label={t('participants.approveLabel', { name })}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('participants.approve')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void decide(false)} aria-label={t('participants.declineLabel', { name })}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('participants.decline')}
        </Button>
      </span>
    </li>
  );
}

function People({ list, tournament }: { list: Participant[]; tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  return (
    <ul className="divide-y divide-border">
      {list.map((p) => (
        <li key={p.player.id} className="flex items-center gap-3 py-3" data-testid="participant">
          <Person p={p} tournament={tournament} note={t('participants.joinedOn', { date: formatDate(p.joined_at, t) })} />
          <ParticipantMenu tournament={tournament} participant={p} />
        </li>
      ))}
    </ul>
  );
}

/** Join requests (managers), the referee and the players, each with the viewer's actions. */
export function ParticipantsTab({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { user } = useSession();
  const query = useQuery(participantsQuery(user?.id ?? 0, tournament.id));
  return (
    <QueryState query={query}>
      {(all) => {
        const requests = tournament.can_manage ? all.filter((p) => p.status === 'requested') : [];
        const referees = all.filter((p) => p.status !== 'requested' && p.role === 'referee');
        const players = all.filter((p) => p.status !== 'requested' && p.role === 'player');
        return (
          <div className="space-y-6">
            {tournament.can_manage && (
              <SectionCard icon={UserPlus} title={t('participants.requests', { count: requests.length })} compact>
                {requests.length === 0 ? (
                  <p className="text-sm text-muted">{t('participants.noRequests')}</p>
                ) : (
                  <ul className="divide-y divide-border" data-testid="join-requests">
                    {requests.map((p) => (
                      <Request key={p.player.id} p={p} tournament={tournament} />
                    ))}
                  </ul>
                )}
              </SectionCard>
            )}
            <SectionCard icon={Gavel} title={t('participants.referee')} compact>
              {referees.length === 0 ? <p className="text-sm text-muted">{t('overview.noReferee')}</p> : <People list={referees} tournament={tournament} />}
            </SectionCard>
            <SectionCard icon={Users} title={t('participants.players', { count: players.length })} compact>
              {players.length === 0 ? <Empty>{t('ranking.empty')}</Empty> : <People list={players} tournament={tournament} />}
            </SectionCard>
          </div>
        );
      }}
    </QueryState>
  );
}
