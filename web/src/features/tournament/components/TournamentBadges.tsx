import { Clock, Globe, Lock, PauseCircle, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRemaining, remaining } from '@/features/clubs/lib/clubs';
import type { TournamentDetail } from '../api/get-tournament';

const pill = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';
export const tones = {
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  slate: 'bg-surface-2 text-fg',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-400/15 dark:text-blue-200',
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
} as const;

/** Pending (with the time left before it is removed), rejected or inactive; nothing when active. */
export function TournamentStatusBadge({ tournament, now }: { tournament: Pick<TournamentDetail, 'status' | 'expires_at'>; now?: Date }) {
  const { t } = useTranslation('tournament');
  if (tournament.status === 'active') return null;
  if (tournament.status === 'rejected') {
    return (
      <span className={`${pill} ${tones.red}`}>
        <XCircle className="h-3.5 w-3.5" aria-hidden="true" />
        {t('status.rejected')}
      </span>
    );
  }
  if (tournament.status === 'inactive') {
    return (
      <span className={`${pill} ${tones.slate}`}>
        <PauseCircle className="h-3.5 w-3.5" aria-hidden="true" />
        {t('status.inactive')}
      </span>
    );
  }
  const left = tournament.expires_at ? formatRemaining(remaining(tournament.expires_at, now), true) : '';
  return (
    <span className={`${pill} ${tones.amber}`}>
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
      {left ? t('status.pendingLeft', { left }) : t('status.pending')}
    </span>
  );
}

export function PrivacyBadge({ privacy }: { privacy: TournamentDetail['privacy'] }) {
  const { t } = useTranslation('tournament');
  const Icon = privacy === 'private' ? Lock : Globe;
  return (
    <span className={`${pill} ${privacy === 'private' ? tones.blue : tones.green}`}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(`privacy.${privacy}`)}
    </span>
  );
}

/** A participant's status in the tournament, when it is worth saying (not for active players). */
export function PlayerStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('tournament');
  if (status !== 'paused' && status !== 'suspended' && status !== 'requested') return null;
  const tone = status === 'suspended' ? tones.red : status === 'paused' ? tones.amber : tones.blue;
  return <span className={`${pill} ${tone}`}>{t(`playerStatus.${status}`)}</span>;
}
