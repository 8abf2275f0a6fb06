import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/SessionProvider';
import { weekQuery, type WeekRow } from '../api/leaderboards';
import type { CompareAction } from './BoardTable';
import { CompareButton } from './BoardTable';
import { Empty } from './StateBits';

function WeekList({ title, rows, kind, empty, compare, meId }: {
  title: string;
  rows: WeekRow[];
  kind: 'wins' | 'climb';
  empty: string;
  compare?: CompareAction;
  meId: number;
}) {
  const { t } = useTranslation('leaderboards');
  const id = `week-${kind}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-surface p-4 shadow-sm" data-testid={id}>
      <h2 id={id} className="font-semibold text-fg">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="py-1 pr-2 text-right">{t('columns.position')}</th>
              <th scope="col" className="py-1 pr-2">{t('columns.player')}</th>
              <th scope="col" className="py-1 pr-2 text-right">{kind === 'wins' ? t('week.winsCol') : t('week.climbCol')}</th>
              <th scope="col" className="py-1 pr-2 text-right">{t('week.matchesCol')}</th>
              {compare && (
                <th scope="col">
                  <span className="sr-only">{t('compare.add')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.player.id} className={r.player.id === meId ? 'border-t border-border bg-brand/10 font-semibold' : 'border-t border-border'}>
                <td className="py-1.5 pr-2 text-right tabular-nums">{i + 1}</td>
                <td className="py-1.5 pr-2">
                  <Link to={`/players/${r.player.id}/stats`} className="flex min-w-0 items-center gap-2 text-fg hover:underline">
                    <Avatar photoUrl={r.player.photo_url} name={r.player.display_name} size="sm" />
                    <span className="max-w-[9rem] truncate sm:max-w-none">{r.player.display_name}</span>
                  </Link>
                </td>
                <td className="py-1.5 pr-2 text-right font-semibold tabular-nums">{kind === 'wins' ? r.wins : `+${r.climb}`}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{r.matches}</td>
                {compare && (
                  <td className="py-1 text-right">
                    <CompareButton name={r.player.display_name} added={compare.ids.includes(r.player.id)} onAdd={() => compare.onAdd(r.player.id)} compact />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The "Top of the week" tab: most wins and biggest climbs of the reader's current week. */
export function WeekTab({ compare }: { compare?: CompareAction }) {
  const { t } = useTranslation('leaderboards');
  const { user } = useSession();
  const query = useQuery(weekQuery(user?.id ?? 0));
  const fmt = new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'long' });
  const data = query.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" data-testid="week-counts">
        {t('week.counts')}
      </p>
      {query.isPending ? (
        <Spinner className="py-12" label={t('week.loading')} />
      ) : query.isError || !data ? (
        <LoadFailed title={t('week.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="text-sm text-muted" data-testid="week-range">
            {t('periodRange', { from: fmt.format(new Date(data.from)), to: fmt.format(new Date(new Date(data.to).getTime() - 1)) })}
          </p>
          {data.wins.length === 0 && data.climbs.length === 0 ? (
            <Empty text={t('week.emptyWins')} />
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
              <WeekList title={t('week.wins')} rows={data.wins} kind="wins" empty={t('week.emptyWins')} compare={compare} meId={user?.id ?? 0} />
              <WeekList title={t('week.climbs')} rows={data.climbs} kind="climb" empty={t('week.emptyClimbs')} compare={compare} meId={user?.id ?? 0} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
