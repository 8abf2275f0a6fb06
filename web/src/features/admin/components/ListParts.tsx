import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { adminListQuery, type AdminList } from '../api/list-admin';

interface FilterLinksProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  /** The URL of each option (filters live in the address, so the dashboard links to them). */
  hrefOf: (value: T) => string;
  labelOf: (value: T) => string;
}

/** A row of links, one per filter value (the current one marked). */
export function FilterLinks<T extends string>({ label, options, value, hrefOf, labelOf }: FilterLinksProps<T>) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => (
          <li key={o}>
            <Link
              to={hrefOf(o)}
              aria-current={value === o ? 'true' : undefined}
              className={cn(
                'inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                value === o ? 'border-brand bg-brand text-brand-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
              )}
            >
              {labelOf(o)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface AdminListProps<L extends AdminList, T> {
  list: L;
  params: Record<string, string>;
  /** The list's accessible name. */
  label: string;
  empty: string;
  row: (item: T) => ReactNode;
}

/** One admin list: pages from the server ("load more"), with loading, empty and error states. */
export function AdminListView<L extends AdminList, T extends { id: number }>({ list, params, label, empty, row }: AdminListProps<L, T>) {
  const { t } = useTranslation('adminArea');
  const q = useInfiniteQuery(adminListQuery(list, params));
  if (q.isPending) return <Spinner label={t('list.loading')} className="py-10" />;
  if (q.isError) return <LoadFailed title={t('list.failed')} detail={q.error.message} onRetry={() => void q.refetch()} />;
  const items = (q.data?.pages.flatMap((p) => p.items) ?? []) as unknown as T[];
  if (items.length === 0)
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center">
        <Inbox className="mb-3 h-8 w-8 text-muted" aria-hidden="true" />
        <p className="font-semibold text-fg">{empty}</p>
      </div>
    );
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {items.map((item) => (
          <li key={item.id} className="p-4">
            {row(item)}
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A small coloured label (role, status, state). */
export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info' }) {
  const tones = {
    neutral: 'bg-surface-2 text-fg',
    good: 'bg-success/15 text-fg',
    warn: 'bg-warning/20 text-fg',
    bad: 'bg-danger/15 text-fg',
    info: 'bg-info/15 text-fg',
  };
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}
