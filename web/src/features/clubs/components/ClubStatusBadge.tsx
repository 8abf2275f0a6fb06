import { Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Club } from '../api/list-clubs';
import { formatRemaining, remaining } from '../lib/clubs';

/** Pending (with the time left, "4d 23h") or rejected; nothing for a validated club. */
export function ClubStatusBadge({ club, now }: { club: Pick<Club, 'status' | 'expires_at'>; now?: Date }) {
  const { t } = useTranslation('clubs');
  if (club.status === 'validated') return null;
  if (club.status === 'rejected') {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-400/15 dark:text-red-200">
        <XCircle className="h-3.5 w-3.5" aria-hidden="true" />
        {t('status.rejected')}
      </span>
    );
  }
  const left = club.expires_at ? formatRemaining(remaining(club.expires_at, now), true) : '';
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
      {left ? t('status.pendingLeft', { left }) : t('status.pending')}
    </span>
  );
}
