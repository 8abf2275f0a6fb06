import { MapPin, Users } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { placeNames, type District } from '@/lib/geo';
import type { Club } from '../api/list-clubs';
import { codeLabel } from '../lib/clubs';
import { ClubImage } from './ClubImage';
import { ClubStatusBadge } from './ClubStatusBadge';

/** A club in the list: picture, name, place, status, surfaces and member count. */
// Memoised: loading the next page re-renders the list, whose earlier cards keep their props.
export const ClubCard = memo(function ClubCard({ club, districts, view }: { club: Club; districts?: District[]; view: 'grid' | 'list' }) {
  const { t } = useTranslation('clubs');
  const place = placeNames(districts, club.district, club.municipality);
  const where = [place.municipality, place.district].filter(Boolean).join(', ');
  return (
    <li
      className={cn(
        'relative flex overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        view === 'grid' ? 'flex-col' : 'flex-row',
      )}
    >
      <ClubImage url={club.image_url} className={view === 'grid' ? 'h-32 w-full' : 'w-24 shrink-0 sm:w-32'} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold leading-snug text-fg">
          <Link to={`/clubs/${club.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {club.name}
          </Link>
        </h2>
        <ClubStatusBadge club={club} />
        {club.status === 'rejected' && club.reject_reason && (
          <p className="text-sm text-muted">{t('status.reason', { reason: club.reject_reason })}</p>
        )}
        {where && (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {where}
          </p>
        )}
        {club.surfaces.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('form.surfaces')}>
            {club.surfaces.map((s) => (
              <li key={s} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-fg">
                {codeLabel(t, 'surfaces', s)}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto flex items-center gap-1.5 text-sm text-muted">
          <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('members', { count: club.stats.members })}
        </p>
      </div>
    </li>
  );
});
