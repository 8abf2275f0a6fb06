import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProvisionalMark, WinChance } from '@/components/RatingMarks';
import { SelectField } from '@/components/ui/Field';
import { useSession } from '@/lib/SessionProvider';
import { standingsQuery } from '../api/get-standings';
import { myTournamentsQuery } from '../api/my-tournaments';
import { eligibleOpponents } from '../lib/opponents';

interface Props {
  tournamentId: number;
  opponentId: number;
  onTournament: (id: number) => void;
  onOpponent: (id: number, name: string) => void;
  errors: Record<string, string>;
}

/**
 * The tournament (the active ones the viewer plays in) and the opponent: the players the server
 * says the viewer may challenge (can_challenge), shown with their position.
 */
export function OpponentPicker({ tournamentId, opponentId, onTournament, onOpponent, errors }: Props) {
  const { t } = useTranslation('challenges');
  const { t: tr } = useTranslation('rating');
  const { user } = useSession();
  const meId = user?.id ?? 0; // keys the cached queries per account
  const tournaments = useQuery(myTournamentsQuery(meId));
  const standings = useQuery(standingsQuery(meId, tournamentId));
  const list = tournaments.data ?? [];
  const eligible = standings.data ? eligibleOpponents(standings.data) : null;
  const options = eligible?.opponents ?? [];
  // A link from a ranking may name someone the viewer cannot challenge (moved, paused): say so.
  const named = standings.data?.items.find((s) => s.player.id === opponentId);
  const unreachable = opponentId > 0 && !!standings.data && !options.some((s) => s.player.id === opponentId);

  // With a single tournament there is nothing to choose.
  useEffect(() => {
    if (tournamentId === 0 && list.length === 1) onTournament(list[0].id);
  }, [tournamentId, list, onTournament]);

  const chosen = options.find((s) => s.player.id === opponentId);
  const chosenName = chosen?.player.display_name;
  useEffect(() => {
    if (chosenName) onOpponent(opponentId, chosenName);
  }, [chosenName, opponentId, onOpponent]);

  if (tournaments.isSuccess && list.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-border bg-surface-2 px-3 py-2.5 text-sm text-fg" data-testid="no-tournaments">
        {t('create.noTournaments')}{' '}
        <Link to="/tournaments" className="font-medium text-brand underline-offset-2 hover:underline">
          {t('create.findTournaments')}
        </Link>
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <SelectField
        label={t('create.tournament')}
        value={tournamentId || ''}
        error={errors.tournament_id}
        onChange={(e) => onTournament(Number(e.target.value) || 0)}
      >
        <option value="">{tournaments.isPending ? t('create.loading') : t('create.chooseTournament')}</option>
        {list.map((tr) => (
          <option key={tr.id} value={tr.id}>
            {tr.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('create.opponent')}
        value={opponentId && !unreachable ? opponentId : ''}
        disabled={!tournamentId || standings.isPending || options.length === 0}
        error={errors.opponent_id}
        hint={
          eligible && !eligible.ok
            ? t(`create.${eligible.reason}`)
            : eligible && options.length === 0
              ? t('create.noOpponents')
              : standings.data && standings.data.challenge_range > 0
                ? t('create.rangeHint', { count: standings.data.challenge_range })
                : undefined
        }
        onChange={(e) => {
          const id = Number(e.target.value) || 0;
          onOpponent(id, options.find((s) => s.player.id === id)?.player.display_name ?? '');
        }}
      >
        <option value="">{t('create.chooseOpponent')}</option>
        {options.map((s) => (
          <option key={s.player.id} value={s.player.id}>
            {t('create.opponentOption', { position: s.position, name: s.player.display_name })}
          </option>
        ))}
      </SelectField>
      {chosen && chosen.win_probability != null && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted" data-testid="opponent-win-chance">
          {tr('winChanceAgainst', { name: chosen.player.display_name })}
          <WinChance probability={chosen.win_probability} className="font-semibold" />
          <ProvisionalMark provisional={chosen.rating.provisional} />
        </p>
      )}
      {unreachable && (
        <p role="status" className="text-sm text-warning" data-testid="opponent-unreachable">
          {t('create.unreachable', { name: named?.player.display_name ?? t('create.thisPlayer') })}
        </p>
      )}
    </div>
  );
}
