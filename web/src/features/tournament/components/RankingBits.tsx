import { Swords } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { tones } from './TournamentBadges';

/**
 * The last five results as chips, newest first. The letter is translated (V/D in Portuguese)
 * and each chip carries its word for screen readers: colour is never the only signal.
 */
export function FormChips({ form }: { form: string[] }) {
  const { t } = useTranslation('tournament');
  const last = form.slice(0, 5);
  if (last.length === 0) return <span className="text-sm text-muted">{t('ranking.formNone')}</span>;
  return (
    <ol className="flex gap-1" aria-label={t('ranking.formLabel')}>
      {last.map((r, i) => {
        const won = r === 'W';
        return (
          <li
            key={i}
            className={cn(
              'grid h-6 w-6 place-items-center rounded-md text-xs font-bold',
              won ? 'bg-emerald-700 text-white dark:bg-emerald-400 dark:text-emerald-950' : 'bg-red-700 text-white dark:bg-red-400 dark:text-red-950',
            )}
          >
            <span aria-hidden="true">{won ? t('ranking.win') : t('ranking.loss')}</span>
            <span className="sr-only">{won ? t('ranking.winLong') : t('ranking.lossLong')}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Places gained ▲ or lost ▼ since the start of the week, – for none, or 'new' (joined this week). */
export function Movement({ movement, isNew }: { movement: number; isNew: boolean }) {
  const { t } = useTranslation('tournament');
  if (isNew) {
    return (
      <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tones.blue)} title={t('ranking.newLong')}>
        <span aria-hidden="true">{t('ranking.new')}</span>
        <span className="sr-only">{t('ranking.newLong')}</span>
      </span>
    );
  }
  const [symbol, label, tone] =
    movement > 0
      ? ['▲', t('ranking.up', { count: movement }), 'text-emerald-700 dark:text-emerald-300']
      : movement < 0
        ? ['▼', t('ranking.down', { count: -movement }), 'text-red-700 dark:text-red-300']
        : ['–', t('ranking.same'), 'text-muted'];
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-sm font-semibold tabular-nums', tone)} title={label}>
      <span aria-hidden="true">
        {symbol}
        {movement !== 0 && Math.abs(movement)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Link to the challenge form, pre-filled with this tournament and opponent (the challenges feature reads it). */
export function ChallengeLink({ tournamentId, opponent }: { tournamentId: number; opponent: { id: number; display_name: string } }) {
  const { t } = useTranslation('tournament');
  return (
    <Link
      to={`/challenges?create=true&tournament=${tournamentId}&opponent=${opponent.id}`}
      className={buttonClasses('outline', 'sm', 'h-8 px-2.5')}
      aria-label={t('ranking.challengeLabel', { name: opponent.display_name })}
    >
      <Swords className="h-4 w-4" aria-hidden="true" />
      {t('ranking.challenge')}
    </Link>
  );
}
