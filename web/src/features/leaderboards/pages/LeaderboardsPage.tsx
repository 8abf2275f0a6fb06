import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { Tabs } from '@/components/ui/Tabs';
import { useSession } from '@/lib/SessionProvider';
import { showToast } from '@/lib/toast';
import { MAX_COMPARE, PERIODS, parseIds, type Period } from '../api/leaderboards';
import type { CompareAction } from '../components/BoardTable';
import { CompareTab } from '../components/CompareTab';
import { GlobalBoard } from '../components/GlobalBoard';
import { LeadersTab } from '../components/LeadersTab';
import { WeekTab } from '../components/WeekTab';

const VIEWS = ['ranking', 'leaders', 'week', 'compare'] as const;
type View = (typeof VIEWS)[number];

/**
 * The page's state lives in the URL so that a link reopens it: ?tab= (the view, ranking when
 * absent), ?period= (the global ranking's period, all time when absent) and ?ids= (the players
 * of the comparison, comma-separated).
 */
function useBoardParams() {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab') ?? '';
  const view = (VIEWS as readonly string[]).includes(rawTab) ? (rawTab as View) : 'ranking';
  const rawPeriod = params.get('period') ?? '';
  const period = (PERIODS as readonly string[]).includes(rawPeriod) ? (rawPeriod as Period) : 'all';
  const ids = parseIds(params.get('ids'));
  const update = (edit: (out: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        edit(out);
        return out;
      },
      { replace: true },
    );
  return {
    view,
    period,
    ids,
    setView: (v: View) => update((out) => (v === 'ranking' ? out.delete('tab') : out.set('tab', v))),
    setPeriod: (p: Period) => update((out) => (p === 'all' ? out.delete('period') : out.set('period', p))),
    setIds: (next: readonly number[]) => update((out) => (next.length ? out.set('ids', next.join(',')) : out.delete('ids'))),
  };
}

/** /leaderboards: the global ranking (all time / this month / this week), tournament leaders, top of the week and the comparison (issue 14). */
export default function LeaderboardsPage() {
  const { t } = useTranslation('leaderboards');
  const { user } = useSession();
  const { view, period, ids, setView, setPeriod, setIds } = useBoardParams();
  const [tooMany, setTooMany] = useState(false);

  function add(id: number) {
    if (ids.includes(id)) return;
    if (ids.length >= MAX_COMPARE) {
      setTooMany(true);
      showToast({ title: t('compare.max'), variant: 'error' });
      return;
    }
    setTooMany(false);
    setIds([...ids, id]);
  }
  function remove(id: number) {
    setTooMany(false);
    setIds(ids.filter((x) => x !== id));
  }
  const compare: CompareAction | undefined = user ? { ids, onAdd: add } : undefined;

  const ranking = (
    <div>
      <p className="text-sm text-muted" data-testid="leaderboard-counts">
        {t('counts')}
      </p>
      <Tabs
        className="mt-4"
        label={t('periodsLabel')}
        value={period}
        onValueChange={setPeriod}
        tabs={PERIODS.map((p) => ({ id: p, label: t(`periods.${p}`), content: <GlobalBoard key={p} period={p} compare={compare} /> }))}
      />
    </div>
  );
  const contents: Record<View, React.ReactNode> = {
    ranking,
    leaders: <LeadersTab compare={compare} />,
    week: <WeekTab compare={compare} />,
    compare: <CompareTab ids={ids} onAdd={add} onRemove={remove} tooMany={tooMany} />,
  };
  return (
    <section className="mx-auto max-w-4xl px-3 py-6 sm:px-4 sm:py-8">
      <PageTitle title={t('title')} />
      {ids.length > 0 && view !== 'compare' && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand bg-brand/10 px-3 py-2" data-testid="compare-tray">
          <p className="text-sm text-fg">{t('compare.selected', { count: ids.length, max: MAX_COMPARE })}</p>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setIds([])}>
              {t('compare.clear')}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                setTooMany(false);
                setView('compare');
              }}
            >
              {t('compare.open')}
            </Button>
          </div>
          {tooMany && (
            <p role="alert" className="w-full text-sm font-medium text-danger">
              {t('compare.max')}
            </p>
          )}
        </div>
      )}
      <Tabs
        className="mt-6"
        label={t('views.label')}
        value={view}
        onValueChange={(v) => {
          setTooMany(false);
          setView(v);
        }}
        tabs={VIEWS.map((v) => ({ id: v, label: t(`views.${v}`), content: contents[v] }))}
      />
    </section>
  );
}
