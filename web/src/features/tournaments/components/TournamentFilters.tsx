import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, List, Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { clubNameQuery, homeClubsQuery } from '@/features/clubs/api/home-clubs';
import { cn } from '@/lib/cn';
import { useDistrictNames } from '@/lib/geo';
import { useAfterFirstPaint } from '@/lib/useAfterFirstPaint';
import type { TournamentFilters as Filters, TournamentStatusFilter } from '../api/list-tournaments';

export type View = 'grid' | 'list';

/** Visitors see active and finished tournaments; signed-in users also theirs and pending or rejected ones. */
const VISITOR_STATUSES = ['active', 'inactive'] as const;
const MEMBER_STATUSES = ['active', 'inactive', 'mine', 'pending', 'rejected'] as const;

interface Props {
  search: string;
  onSearch: (q: string) => void;
  filters: Filters;
  onFilters: (patch: Partial<Filters>) => void;
  signedIn: boolean;
  view: View;
  onView: (view: View) => void;
}

/** The filter bar of /tournaments: search, club, district, privacy, ranking type, status, view. */
export function TournamentFilters({ search, onSearch, filters, onFilters, signedIn, view, onView }: Props) {
  const { t } = useTranslation('tournaments');
  const districts = useDistrictNames();
  // The club list (up to 100) is for the select only: it loads once the page has painted, or at
  // once when a link (?club=) chose a club, so the select names it from the start.
  const painted = useAfterFirstPaint();
  const clubs = useQuery({ ...homeClubsQuery(), enabled: painted || !!filters.clubId });
  const statuses: readonly TournamentStatusFilter[] = signedIn ? MEMBER_STATUSES : VISITOR_STATUSES;
  // On a phone the five selects fold away behind a button, so the list starts on the first screen.
  const [open, setOpen] = useState(false);
  const selectsId = useId();
  const active = [filters.clubId, filters.district, filters.privacy, filters.rankingType].filter(Boolean).length + (filters.status === 'active' ? 0 : 1);
  // A club from a link (?club=) that is not among the first 100 still shows by name.
  const unlisted = !!filters.clubId && !!clubs.data && !clubs.data.some((c) => String(c.id) === filters.clubId);
  const unlistedName = useQuery({ ...clubNameQuery(Number(filters.clubId)), enabled: unlisted });
  return (
    <section
      role="search"
      aria-label={t('filters.label')}
      className="mt-8 grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm lg:grid-cols-4"
    >
      <div className="relative lg:col-span-2">
        <TextField
          label={t('filters.search')}
          type="search"
          value={search}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
        <Search className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-muted" aria-hidden="true" />
      </div>
      {/* Phone: the filters button and the view side by side; wide screens: the view next to the search. */}
      <div className="flex items-end justify-between gap-3 lg:contents">
        <Button variant="outline" className="lg:hidden" aria-expanded={open} aria-controls={selectsId} onClick={() => setOpen((o) => !o)}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {active ? t('filters.toggleCount', { count: active }) : t('filters.toggle')}
        </Button>
        <ViewToggle view={view} onView={onView} />
      </div>
      {/* lg:contents puts the selects straight into the bar's grid on wide screens. */}
      <div id={selectsId} className={cn(open ? 'grid' : 'hidden', 'gap-4 sm:grid-cols-2 lg:contents')}>
        <SelectField label={t('filters.club')} value={filters.clubId} disabled={clubs.isPending} onChange={(e) => onFilters({ clubId: e.target.value })}>
          <option value="">{t('filters.allClubs')}</option>
          {unlisted && <option value={filters.clubId}>{unlistedName.data ?? filters.clubId}</option>}
          {(clubs.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.district')} value={filters.district} onChange={(e) => onFilters({ district: e.target.value })}>
          <option value="">{t('filters.allDistricts')}</option>
          {districts.list.map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.privacy')} value={filters.privacy} onChange={(e) => onFilters({ privacy: e.target.value as Filters['privacy'] })}>
          <option value="">{t('filters.allPrivacy')}</option>
          {(['public', 'private'] as const).map((p) => (
            <option key={p} value={p}>
              {t(`privacy.${p}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.ranking')} value={filters.rankingType} onChange={(e) => onFilters({ rankingType: e.target.value as Filters['rankingType'] })}>
          <option value="">{t('filters.allRankings')}</option>
          {(['points', 'classic'] as const).map((r) => (
            <option key={r} value={r}>
              {t(`rankingTypes.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.status')} value={filters.status} onChange={(e) => onFilters({ status: e.target.value as TournamentStatusFilter })}>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {t(`filters.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
    </section>
  );
}

function ViewToggle({ view, onView }: { view: View; onView: (v: View) => void }) {
  const { t } = useTranslation('tournaments');
  const labelId = useId();
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-fg" id={labelId}>
        {t('filters.view')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex h-10 w-fit gap-1 rounded-lg border border-border bg-surface-2 p-1">
        {(['grid', 'list'] as const).map((v) => {
          const Icon = v === 'grid' ? LayoutGrid : List;
          return (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              aria-label={t(`filters.${v}`)}
              title={t(`filters.${v}`)}
              onClick={() => onView(v)}
              className={cn(
                'grid w-9 cursor-pointer place-items-center rounded-md focus-visible:outline-2 focus-visible:outline-ring',
                view === v ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
            </button>
          );
        })}
      </div>
    </div>
  );
}
