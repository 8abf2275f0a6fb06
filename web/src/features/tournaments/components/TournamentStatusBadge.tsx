import { CircleStop, Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRemaining, remaining } from '@/features/clubs/lib/clubs';
import type { Tournament } from '../api/list-tournaments';

const pill = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * Pending (with the time left before it is removed, "4d 23h"), rejected or finished; nothing for
 * an active tournament, the usual case, so the lists stay quiet.
 */
export function TournamentStatusBadge({ tournament, now }: { tournament: Pick<Tournament, 'status' | 'expires_at'>; now?: Date }) {
  const { t } = useTranslation('tournaments');
  switch (tournament.status) {
    case 'active':
      return null;
    case 'rejected':
      return (
        <span className={`${pill} bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200`}>
          <XCircle className="h-3.5 w-3.5" aria-hidden="true" />
          {t('status.rejected')}
        </span>
      );
    case 'inactive':
      return (
        <span className={`${pill} bg-surface-2 text-fg`}>
          <CircleStop className="h-3.5 w-3.5" aria-hidden="true" />
          {t('status.inactive')}
        </span>
      );
    default: {
      const left = tournament.expires_at ? formatRemaining(remaining(tournament.expires_at, now), true) : '';
      return (
        <span className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200`}>
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          {left ? t('status.pendingLeft', { left }) : t('status.pending')}
        </span>
      );
    }
  }
}

/** "Public" or "Private", with its icon. */
export function PrivacyBadge({ privacy }: { privacy: Tournament['privacy'] }) {
  const { t } = useTranslation('tournaments');
  return (
    <span
      className={
        privacy === 'private'
          ? `${pill} bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200`
          : `${pill} bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200`
      }
    >
      {t(`privacy.${privacy}`)}
    </span>
  );
}
