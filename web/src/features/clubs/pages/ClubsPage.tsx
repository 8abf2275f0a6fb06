import { useInfiniteQuery } from '@tanstack/react-query';
import { Building2, LayoutGrid, List, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SelectField, TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { DialogSpinner, PageSpinner, Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useDistricts } from '@/lib/geo';
import { useSession } from '@/lib/SessionProvider';
import { useDebounced } from '@/lib/useDebounced';
import { clubsQuery, flattenPages, type ClubFilters, type ClubStatus } from '../api/list-clubs';
import { ClubCard } from '../components/ClubCard';

// The proposal form (and the dialog library) loads when opened: a phone opening the list does not
// download it before the list shows (issue 16, as the tournaments' create form).
const ProposeClubDialog = lazy(() => import('../components/ProposeClubDialog').then((m) => ({ default: m.ProposeClubDialog })));

export const VIEW_STORAGE_KEY = 'clubs.view';
type View = 'grid' | 'list';
const SEARCH_DEBOUNCE_MS = 300;

function storedView(): View {
  try {
    return localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/**
 * /clubs (open to visitors): search, district and municipality filters, grid or list, the
 * status filter for signed-in users (their own pending or rejected proposals; super admins see
 * all), 'Load more' pages, and the propose flow (`?create=true` opens it).
 */
export default function ClubsPage() {
  const { t } = useTranslation('clubs');
  const { t: tc } = useTranslation();
  const { user, login } = useSession();
  const districts = useDistricts();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [district, setDistrict] = useState('');
  const [municipality, setMunicipality] = useState('');
  const [status, setStatus] = useState<ClubStatus>('validated');
  const [view, setView] = useState<View>(storedView);
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const filters: ClubFilters = { q: q.trim(), district, municipality, status: user ? status : 'validated' };
  const options = clubsQuery(user?.id ?? 0, filters);
  const query = useInfiniteQuery(options);
  const data = query.data;
  const clubs = flattenPages(data?.pages);
  const proposing = params.get('create') === 'true' && !!user;
  const proposeButton = useRef<HTMLButtonElement>(null); // focus goes back here when the dialog opened from the URL

  function propose() {
    if (!user) return void login();
    if (!proposing) setProposing(true); // a second click while the form's code loads adds no history entry
  }

  function setProposing(open: boolean) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('create', 'true');
        else next.delete('create');
        return next;
      },
      { replace: !open },
    );
  }

  function chooseView(v: View) {
    setView(v);
    try {
      localStorage.setItem(VIEW_STORAGE_KEY, v);
    } catch {
      // private mode: the choice lasts for this visit
    }
  }

  const list = districts.data ?? [];
  const chosen = list.find((d) => d.code === district);
  const filtered = !!(filters.q || district || municipality);

  // A failed read or "load more": alone when nothing was drawn yet, above the drawn list otherwise
  // (a failed page of more answers, or a failed refresh, does not take away what is shown).
  const failed = <LoadFailed title={t('loadFailed')} onRetry={() => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch())} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle title={tc('pages.clubs')} />
          <p className="mt-2 text-muted">{t('intro')}</p>
        </div>
        <Button ref={proposeButton} className="shrink-0 self-start sm:self-auto" onClick={propose}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {user ? t('propose.action') : t('propose.loginToPropose')}
        </Button>
      </div>

      <section role="search" aria-label={t('filters.label')} className="mt-8 grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1.4fr)_repeat(3,minmax(10rem,1fr))_auto]">
        <div className="relative sm:col-span-2 lg:col-span-1">
          <TextField
            label={t('filters.search')}
            type="search"
            value={search}
            placeholder={t('filters.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
          <Search className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-muted" aria-hidden="true" />
        </div>
        <SelectField
          label={t('filters.district')}
          value={district}
          disabled={districts.isPending}
          onChange={(e) => {
            setDistrict(e.target.value);
            setMunicipality('');
          }}
        >
          <option value="">{t('filters.allDistricts')}</option>
          {list.map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.municipality')} value={municipality} disabled={!chosen} onChange={(e) => setMunicipality(e.target.value)}>
          <option value="">{t('filters.allMunicipalities')}</option>
          {chosen?.municipalities.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </SelectField>
        {user && (
          <SelectField label={t('filters.status')} value={status} onChange={(e) => setStatus(e.target.value as ClubStatus)}>
            {(['validated', 'pending', 'rejected'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`filters.statuses.${s}`)}
              </option>
            ))}
          </SelectField>
        )}
        <div className="space-y-1.5">
          <span className="block text-sm font-medium text-fg" id="clubs-view-label">
            {t('filters.view')}
          </span>
          <div role="group" aria-labelledby="clubs-view-label" className="flex h-10 gap-1 rounded-lg border border-border bg-surface-2 p-1">
            {(['grid', 'list'] as const).map((v) => {
              const Icon = v === 'grid' ? LayoutGrid : List;
              return (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  aria-label={t(`filters.${v}`)}
                  title={t(`filters.${v}`)}
                  onClick={() => chooseView(v)}
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
      </section>

      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching || data !== query.data}>
        {query.isPending || (!query.isError && !data) ? (
          <PageSpinner />
        ) : !data || (query.isError && clubs.length === 0) ? (
          failed
        ) : clubs.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-14 text-center">
            <Building2 className="h-10 w-10 text-muted" aria-hidden="true" />
            <p className="mt-4 font-semibold text-fg">{filtered ? t('empty.filtered') : t(`empty.${filters.status}`)}</p>
          </div>
        ) : (
          <>
            {query.isError && <div className="mb-4">{failed}</div>}
            <p className="mb-4 text-sm text-muted">{t('shown', { count: clubs.length })}</p>
            <ul className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-3'} data-testid="club-list">
              {clubs.map((club) => (
                <ClubCard key={club.id} club={club} districts={districts.data} view={view} />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage && <Spinner className="h-4 w-4" />}
                  {t('loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      {proposing && (
        <Suspense fallback={<DialogSpinner />}>
          <ProposeClubDialog open={proposing} onOpenChange={setProposing} returnFocus={() => proposeButton.current} />
        </Suspense>
      )}
    </div>
  );
}
