import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { controlClasses } from '@/components/ui/Field';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { useDebounced } from '@/lib/useDebounced';
import { useSession } from '@/lib/SessionProvider';
import { showToast } from '@/lib/toast';
import { MAX_COMPARE, compareQuery, playerSearchQuery } from '../api/leaderboards';
import { CompareTable } from './CompareTable';
import { Empty } from './StateBits';

/** The comparison's player search: adds a result to the selection. */
function PlayerPicker({ ids, onAdd }: { ids: readonly number[]; onAdd: (id: number) => void }) {
  const { t } = useTranslation('leaderboards');
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebounced(q.trim(), 250);
  const search = useQuery(playerSearchQuery(debounced));
  const results = (search.data ?? []).filter((r) => !ids.includes(r.id));
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {t('compare.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('compare.searchPlaceholder')}
        className={controlClasses}
        autoComplete="off"
      />
      {debounced.length >= 2 &&
        (search.isFetching && !search.data ? (
          <p className="text-sm text-muted">{t('compare.searching')}</p>
        ) : results.length === 0 ? (
          <p className="text-sm text-muted">{t('compare.noResults')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="compare-results">
            {results.map((r) => (
              <li key={r.id}>
                <Button variant="outline" size="sm" onClick={() => onAdd(r.id)} aria-label={t('compare.addName', { name: r.title })}>
                  {r.title}
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** The "Compare" tab: up to MAX_COMPARE players of ?ids= side by side; the URL is the share link. */
export function CompareTab({ ids, onAdd, onRemove, tooMany }: {
  ids: readonly number[];
  onAdd: (id: number) => void;
  onRemove: (id: number) => void;
  tooMany: boolean;
}) {
  const { t } = useTranslation('leaderboards');
  const { user } = useSession();
  const query = useQuery(compareQuery(user?.id ?? 0, ids));
  if (!user) {
    return <Empty text={t('compare.signIn')} />; // the route is for signed-in readers; the API refuses visitors
  }
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      showToast({ title: t('compare.copied'), variant: 'success' });
    } catch {
      showToast({ title: t('compare.copyFailed'), variant: 'error' });
    }
  }
  const err = query.error;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" data-testid="compare-counts">
        {t('compare.counts')}
      </p>
      <PlayerPicker ids={ids} onAdd={onAdd} />
      {tooMany && (
        <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm font-medium text-danger" data-testid="compare-max">
          {t('compare.max')}
        </p>
      )}
      {ids.length === 0 ? (
        <Empty text={t('compare.empty')} />
      ) : query.isPending ? (
        <Spinner className="py-12" label={t('compare.loading')} />
      ) : err ? (
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? (
          <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm font-medium text-danger" data-testid="compare-error">
            {err.message}
          </p>
        ) : (
          <LoadFailed title={t('compare.loadFailed')} onRetry={() => void query.refetch()} />
        )
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">{t('compare.selected', { count: ids.length, max: MAX_COMPARE })}</p>
            <Button variant="outline" size="sm" onClick={() => void copyLink()}>
              <Link2 className="h-4 w-4" aria-hidden="true" />
              {t('compare.copyLink')}
            </Button>
          </div>
          <CompareTable data={query.data} onRemove={onRemove} />
        </>
      )}
    </div>
  );
}
