import { useQuery } from '@tanstack/react-query';
import { Columns3, LayoutGrid, Table2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/useDebounced';
import { AdminLayout } from '../components/AdminLayout';
import { ComparePanel } from '../components/ComparePanel';
import { Pager } from '../components/Pager';
import {
  MAX_COMPARE,
  PANEL_PAGE_SIZE,
  PANEL_SORTS,
  panelClubsQuery,
  playersPanelQuery,
  type PanelPlayer,
  type PanelSort,
} from '../api/players-panel';

const link = 'rounded font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring';

function CompareBox({ p, checked, onToggle }: { p: PanelPlayer; checked: boolean; onToggle: (p: PanelPlayer) => void }) {
  const { t } = useTranslation('playersPanel');
  return (
    <input
      type="checkbox"
      className="h-5 w-5 cursor-pointer accent-brand"
      checked={checked}
      onChange={() => onToggle(p)}
      aria-label={t('compareLabel', { name: p.display_name })}
    />
  );
}

function PlayersTable({ rows, selected, onToggle }: { rows: PanelPlayer[]; selected: Set<number>; onToggle: (p: PanelPlayer) => void }) {
  const { t } = useTranslation('playersPanel');
  const num = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('title')}</caption>
        <thead className="bg-surface-2 text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('columns.compare')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('columns.player')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('columns.club')}
            </th>
            <th scope="col" className={num}>
              {t('columns.matches')}
            </th>
            <th scope="col" className={num}>
              {t('columns.wins')}
            </th>
            <th scope="col" className={num}>
              {t('columns.losses')}
            </th>
            <th scope="col" className={num}>
              {t('columns.winRate')}
            </th>
            <th scope="col" className={num}>
              {t('columns.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className={cn('border-t border-border', selected.has(p.id) && 'bg-brand/10')} data-testid="panel-row">
              <td className="px-3 py-2">
                <CompareBox p={p} checked={selected.has(p.id)} onToggle={onToggle} />
              </td>
              <td className="max-w-56 px-3 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Avatar photoUrl={p.photo_url} name={p.display_name} size="sm" />
                  <Link to={`/players/${p.id}`} className={cn('truncate', link)}>
                    {p.display_name}
                  </Link>
                </span>
              </td>
              <td className="px-3 py-2 text-muted">{p.club_name || t('noClub')}</td>
              <td className={num}>{p.matches}</td>
              <td className={num}>{p.wins}</td>
              <td className={num}>{p.losses}</td>
              <td className={num}>{t('percent', { value: p.win_rate })}</td>
              <td className={cn(num, 'font-semibold')}>{p.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlayersGrid({ rows, selected, onToggle }: { rows: PanelPlayer[]; selected: Set<number>; onToggle: (p: PanelPlayer) => void }) {
  const { t } = useTranslation('playersPanel');
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {rows.map((p) => (
        <li
          key={p.id}
          data-testid="panel-row"
          className={cn('rounded-xl border p-3', selected.has(p.id) ? 'border-brand bg-brand/10' : 'border-border')}
        >
          <div className="flex items-start gap-3">
            <Avatar photoUrl={p.photo_url} name={p.display_name} size="md" />
            <div className="min-w-0 flex-1">
              <Link to={`/players/${p.id}`} className={cn('block truncate', link)}>
                {p.display_name}
              </Link>
              <p className="truncate text-xs text-muted">{p.club_name || t('noClub')}</p>
            </div>
            <CompareBox p={p} checked={selected.has(p.id)} onToggle={onToggle} />
          </div>
          <dl className="mt-3 grid grid-cols-4 gap-1 text-center text-xs">
            {(
              [
                ['matches', p.matches],
                ['wins', p.wins],
                ['winRate', t('percent', { value: p.win_rate })],
                ['points', p.points],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="rounded-lg bg-surface-2 p-1.5">
                <dt className="truncate text-muted">{t(`columns.${k}`)}</dt>
                <dd className="font-semibold tabular-nums text-fg">{v}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /players-panel: every player's statistics, searched, filtered and sorted on the server; compare up to 4. */
export default function PlayersPanelPage() {
  const { t } = useTranslation('playersPanel');
  const [q, setQ] = useState('');
  const [clubId, setClubId] = useState(0);
  const [sort, setSort] = useState<PanelSort>('win_rate');
  const [view, setView] = useState<'table' | 'grid'>('table');
  const [page, setPage] = useState(0);
  const [compare, setCompare] = useState<PanelPlayer[]>([]);
  const [limitHit, setLimitHit] = useState(false);
  const search = useDebounced(q, 300);
  const query = useQuery(playersPanelQuery({ q: search, clubId, sort }, page));
  const clubs = useQuery(panelClubsQuery());
  const selected = new Set(compare.map((p) => p.id));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PANEL_PAGE_SIZE));

  function toggle(p: PanelPlayer) {
    if (selected.has(p.id)) {
      setCompare(compare.filter((c) => c.id !== p.id));
      setLimitHit(false);
    } else if (compare.length >= MAX_COMPARE) {
      setLimitHit(true);
    } else {
      setCompare([...compare, p]);
      setLimitHit(false);
    }
  }
  const filtersChanged = () => setPage(0);

  return (
    <AdminLayout>
      <PageTitle title={t('title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      <div className="mt-8 space-y-6">
        <SectionCard icon={Columns3} title={t('compare.title')}>
          {limitHit && (
            <p role="alert" className="mb-3 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-fg">
              {t('maxCompare')}
            </p>
          )}
          <ComparePanel
            players={compare}
            onRemove={(id) => {
              setCompare(compare.filter((c) => c.id !== id));
              setLimitHit(false);
            }}
            onClear={() => {
              setCompare([]);
              setLimitHit(false);
            }}
          />
        </SectionCard>
        <SectionCard icon={Users} title={t('title')}>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1.5fr_auto] lg:items-end">
            <TextField
              label={t('search')}
              type="search"
              placeholder={t('searchPlaceholder')}
              value={q}
              maxLength={100}
              onChange={(e) => {
                setQ(e.target.value);
                filtersChanged();
              }}
            />
            <SelectField
              label={t('club')}
              value={clubId}
              onChange={(e) => {
                setClubId(Number(e.target.value));
                filtersChanged();
              }}
            >
              <option value={0}>{t('allClubs')}</option>
              {(clubs.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sort')}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as PanelSort);
                filtersChanged();
              }}
            >
              {PANEL_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sorts.${s}`)}
                </option>
              ))}
            </SelectField>
            <div role="group" aria-label={t('view')} className="inline-flex h-10 rounded-lg border border-border bg-surface-2 p-0.5">
              {(
                [
                  ['table', Table2],
                  ['grid', LayoutGrid],
                ] as const
              ).map(([v, Icon]) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  className={cn(
                    'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    view === v ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                  )}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(v)}
                </button>
              ))}
            </div>
          </div>
          <div className="mt-5 space-y-4">
            {query.isPending ? (
              <Spinner />
            ) : query.isError ? (
              <div role="alert" className="rounded-xl border border-border p-4 text-center">
                <p className="text-fg">{t('loadFailed')}</p>
                <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            ) : query.data.items.length === 0 ? (
              <p className="text-sm text-muted">{t('empty')}</p>
            ) : (
              <>
                <p className="text-sm text-muted" aria-live="polite">
                  {t('count', { count: query.data.total })}
                </p>
                {view === 'table' ? (
                  <PlayersTable rows={query.data.items} selected={selected} onToggle={toggle} />
                ) : (
                  <PlayersGrid rows={query.data.items} selected={selected} onToggle={toggle} />
                )}
                <Pager
                  page={page}
                  pages={pages}
                  onPage={setPage}
                  label={t('pagination')}
                  text={{ page: t('page', { page: page + 1, pages }), previous: t('previous'), next: t('next') }}
                />
              </>
            )}
          </div>
        </SectionCard>
      </div>
    </AdminLayout>
  );
}
