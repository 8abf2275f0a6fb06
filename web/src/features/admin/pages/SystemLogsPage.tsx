import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { auditQuery, emptyAuditFilters, type AuditFilters } from '../api/audit-log';
import { AdminLayout } from '../components/AdminLayout';
import { AuditFiltersForm } from '../components/AuditFiltersForm';
import { AuditRow } from '../components/AuditRow';

const PARAMS: Record<keyof AuditFilters, string> = {
  actor: 'actor',
  actorId: 'actor_id',
  action: 'action',
  targetType: 'target_type',
  targetId: 'target_id',
  from: 'from',
  to: 'to',
};

function filtersFrom(params: URLSearchParams): AuditFilters {
  const f = { ...emptyAuditFilters };
  for (const k of Object.keys(PARAMS) as (keyof AuditFilters)[]) f[k] = params.get(PARAMS[k]) ?? '';
  return f;
}

function paramsFrom(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of Object.keys(PARAMS) as (keyof AuditFilters)[]) if (f[k].trim()) p.set(PARAMS[k], f[k].trim());
  return p;
}

// Known before the first answer, so the filters render at once (the answer's list wins).
const ACTIONS_FALLBACK: string[] = [];
const TARGETS_FALLBACK = ['user', 'club', 'tournament', 'match', 'system'];

/**
 * /super-admin/logs: the audit log, newest first, filtered by actor, action, target and dates
 * (kept in the URL, so a filtered view can be shared and Back returns to it), paginated.
 * Read only: nothing here (or anywhere in the app) edits or deletes a row.
 */
export default function SystemLogsPage() {
  const { t } = useTranslation('system');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = useInfiniteQuery(auditQuery(filters));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const first = query.data?.pages[0];
  const apply = (f: AuditFilters) => setParams(paramsFrom(f));
  const filtered = params.size > 0;

  return (
    <AdminLayout>
      <PageTitle title={t('logs.title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('logs.intro')}</p>
      <div className="mt-6">
        <AuditFiltersForm
          value={filters}
          actions={first?.actions ?? ACTIONS_FALLBACK}
          targetTypes={first?.target_types ?? TARGETS_FALLBACK}
          onApply={apply}
          onClear={() => setParams(new URLSearchParams())}
        />
      </div>
      <section aria-labelledby="audit-results" className="mt-6">
        <h2 id="audit-results" className="sr-only">
          {t('logs.results')}
        </h2>
        {query.isPending ? (
          <Spinner className="py-16" label={t('logs.loading')} />
        ) : query.isError ? (
          <LoadFailed
            title={t('logs.loadFailed')}
            detail={query.error instanceof ApiError ? query.error.message : undefined}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-14 text-center">
            <ScrollText className="mb-3 h-8 w-8 text-muted" aria-hidden="true" />
            <p className="text-lg font-semibold text-fg">{filtered ? t('logs.emptyFiltered') : t('logs.empty')}</p>
          </div>
        ) : (
          <>
            <ul className="space-y-3" aria-label={t('logs.listLabel')}>
              {items.map((it) => (
                <AuditRow
                  key={it.id}
                  item={it}
                  onFilterActor={(id) => apply({ ...filters, actor: '', actorId: String(id) })}
                  onFilterTarget={(type, id) => apply({ ...filters, targetType: type, targetId: String(id) })}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-col items-center gap-2">
              {query.hasNextPage ? (
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? t('logs.loadingMore') : t('logs.loadMore')}
                </Button>
              ) : (
                <p className="text-sm text-muted">{t('logs.end')}</p>
              )}
            </div>
          </>
        )}
      </section>
    </AdminLayout>
  );
}
