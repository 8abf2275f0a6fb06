import { Building2, Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/ui/SectionCard';
import { placeNames, useDistricts } from '@/lib/geo';
import type { HomeClub, HomeTournament } from './api';

const card =
  'flex h-full flex-col rounded-xl border border-border p-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** SPEC §2 "featured tournaments and clubs", the reader's district first. */
export function Featured({ tournaments, clubs, district }: { tournaments: HomeTournament[]; clubs: HomeClub[]; district: string }) {
  const { t } = useTranslation('dashboard');
  const districts = useDistricts();
  const place = (d: string, m = '') => {
    const names = placeNames(districts.data, d, m);
    return [names.municipality, names.district].filter((x, i, all) => x && all.indexOf(x) === i).join(', ');
  };
  const near = (d: string) => district !== '' && d === district;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard icon={Trophy} title={t('featured.tournaments')} compact id="featured-tournaments">
        {tournaments.length === 0 ? (
          <p className="text-sm text-muted">{t('featured.noTournaments')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="featured-tournaments-list">
            {tournaments.map((x) => (
              <li key={x.id}>
                <Link to={`/tournaments/${x.id}`} className={card}>
                  <span className="line-clamp-2 font-medium text-fg">{x.name}</span>
                  <span className="mt-1 truncate text-sm text-muted">{x.club_name || place(x.district) || x.location}</span>
                  <span className="mt-auto flex items-center gap-2 pt-2 text-xs text-muted">
                    <Users className="h-3.5 w-3.5" aria-hidden="true" />
                    {t('featured.players', { count: x.players })}
                    {near(x.district) && <span className="rounded-full bg-accent px-2 py-0.5 font-semibold text-accent-fg">{t('featured.near')}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/tournaments" className="mt-3 inline-block text-sm font-medium text-brand hover:underline">
          {t('featured.allTournaments')}
        </Link>
      </SectionCard>
      <SectionCard icon={Building2} title={t('featured.clubs')} compact id="featured-clubs">
        {clubs.length === 0 ? (
          <p className="text-sm text-muted">{t('featured.noClubs')}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="featured-clubs-list">
            {clubs.map((c) => (
              <li key={c.id}>
                <Link to={`/clubs/${c.id}`} className={card}>
                  <span className="line-clamp-2 font-medium text-fg">{c.name}</span>
                  <span className="mt-1 truncate text-sm text-muted">{place(c.district, c.municipality)}</span>
                  <span className="mt-auto flex items-center gap-2 pt-2 text-xs text-muted">
                    <Users className="h-3.5 w-3.5" aria-hidden="true" />
                    {t('featured.members', { count: c.stats.members })}
                    {near(c.district) && <span className="rounded-full bg-accent px-2 py-0.5 font-semibold text-accent-fg">{t('featured.near')}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/clubs" className="mt-3 inline-block text-sm font-medium text-brand hover:underline">
          {t('featured.allClubs')}
        </Link>
      </SectionCard>
    </div>
  );
}
