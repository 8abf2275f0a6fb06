import { CLOCK_24H } from '@/lib/time-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Brush, CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { auditKey } from '../api/audit-log';
import { CLEANUP_KINDS, cleanupNow, systemKey, systemQuery, type CleanupCounts, type JobRun } from '../api/system';
import { AdminLayout } from '../components/AdminLayout';
import { formatBytes, formatUptime, formatValue } from '../lib/audit-format';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface-2/50 p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CleanupCard() {
  const { t } = useTranslation('system');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CleanupCounts | null>(null);

  async function run() {
    try {
      const counts = await cleanupNow();
      setResult(counts);
      const total = CLEANUP_KINDS.reduce((n, k) => n + counts[k], 0);
      toast.success(t('cleanup.done', { count: total }));
    } catch (error) {
      console.error('Error in cleanup (expired items)', error);
      toast.error(t('cleanup.error'), error instanceof ApiError ? error.message : undefined);
      throw error;
    } finally {
      void queryClient.invalidateQueries({ queryKey: systemKey });
      void queryClient.invalidateQueries({ queryKey: auditKey });
    }
  }

  return (
    <SectionCard icon={Brush} title={t('cleanup.title')} intro={t('cleanup.intro')}>
      <Button onClick={() => setConfirming(true)}>
        <Brush className="h-4 w-4" aria-hidden="true" />
        {t('cleanup.action')}
      </Button>
      {result && (
        <div className="mt-4" role="status" aria-live="polite">
          <p className="font-medium text-fg">{t('cleanup.result')}</p>
          <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="cleanup-result">
            {CLEANUP_KINDS.map((k) => (
              <div key={k} className="flex justify-between gap-3 rounded-lg bg-surface-2 px-3 py-2 text-sm">
                <dt className="text-muted">{t(`kinds.${k}`)}</dt>
                <dd className="font-semibold text-fg" data-kind={k}>
                  {result[k]}
                </dd>
              </div>
            ))}
          </dl>
          <Link to="/super-admin/logs?action=system.cleanup" className="mt-3 inline-block text-sm font-medium text-brand hover:underline">
            {t('cleanup.seeLog')}
          </Link>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('cleanup.confirmTitle')}
        description={t('cleanup.confirm')}
        confirmLabel={t('cleanup.action')}
        onConfirm={run}
      />
    </SectionCard>
  );
}

function JobRow({ job, language }: { job: JobRun; language: string }) {
  const { t } = useTranslation('system');
  const when = (iso?: string) => (iso ? new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'medium', ...CLOCK_24H }) : '—');
  const detail = job.ok ? formatValue('counts', job.detail, t) : String((job.detail as Record<string, unknown>).error ?? '');
  return (
    <li className="rounded-xl border border-border p-3" data-testid="job-row" data-job={job.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-fg">{t(`jobs.${job.name.replace(/-/g, '_')}`, { defaultValue: job.name })}</p>
        <span className={job.ok ? 'inline-flex items-center gap-1 text-sm text-success' : 'inline-flex items-center gap-1 text-sm text-danger'}>
          {job.ok ? <CircleCheck className="h-4 w-4" aria-hidden="true" /> : <CircleX className="h-4 w-4" aria-hidden="true" />}
          {job.ok ? t('jobs.ok') : t('jobs.failed')}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="text-muted">{t('jobs.lastRun')}</dt>
          <dd className="text-fg">{when(job.started_at)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted">{t('jobs.lastSuccess')}</dt>
          <dd className="text-fg">{when(job.last_success_at)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted">{t('jobs.duration')}</dt>
          <dd className="text-fg">{t('jobs.ms', { ms: job.duration_ms })}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted">{t('jobs.runs')}</dt>
          <dd className="text-fg">{t('jobs.runsValue', { runs: job.runs, failures: job.failures })}</dd>
        </div>
        <div className="flex gap-1.5 sm:col-span-2">
          <dt className="text-muted">{t('jobs.result')}</dt>
          <dd className="min-w-0 break-words text-fg">{detail}</dd>
        </div>
      </dl>
    </li>
  );
}

function Health() {
  const { t, i18n } = useTranslation('system');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery(systemQuery());
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const refresh = (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
      <RefreshCw className="h-4 w-4" aria-hidden="true" />
      {t('health.refresh')}
    </Button>
  );
  return (
    <SectionCard icon={Activity} title={t('health.title')} intro={t('health.intro')}>
      {query.isPending ? (
        <Spinner className="py-10" label={t('health.loading')} />
      ) : query.isError ? (
        <div role="alert" className="text-center">
          <p className="font-semibold text-fg">{t('health.loadFailed')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          <div className="mb-3 flex justify-end">{refresh}</div>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Figure label={t('health.version')} value={query.data.version} testId="health-version" />
            <Figure label={t('health.uptime')} value={formatUptime(query.data.uptime_seconds, t)} />
            <Figure label={t('health.database')} value={t(`health.db_${query.data.database}`)} testId="health-database" />
            <Figure label={t('health.databaseSize')} value={formatBytes(query.data.database_bytes, language)} />
            <Figure label={t('health.migration')} value={number(query.data.migration_version)} testId="health-migration" />
            <Figure label={t('health.sessions')} value={number(query.data.active_sessions)} testId="health-sessions" />
            <Figure
              label={t('health.websockets')}
              value={query.data.open_websockets === undefined ? t('health.notAvailable') : number(query.data.open_websockets)}
              testId="health-websockets"
            />
            <Figure label={t('health.outboxPending')} value={number(query.data.outbox_pending)} />
            <Figure label={t('health.outboxFailing')} value={t('health.failingValue', { failing: query.data.outbox_failing, givenUp: query.data.outbox_given_up })} />
          </dl>
          <h3 className="mb-2 mt-6 font-semibold text-fg">{t('jobs.title')}</h3>
          {query.data.jobs.length === 0 ? (
            <p className="text-sm text-muted">{t('jobs.none')}</p>
          ) : (
            <ul className="space-y-2">
              {query.data.jobs.map((j) => (
                <JobRow key={j.name} job={j} language={language} />
              ))}
            </ul>
          )}
        </>
      )}
    </SectionCard>
  );
}

/** /super-admin/system: the admin panel's quick actions and the system's health (super admins). */
export default function SystemPage() {
  const { t } = useTranslation('system');
  return (
    <AdminLayout>
      <PageTitle title={t('panel.title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('panel.intro')}</p>
      <div className="mt-6 grid gap-6">
        <CleanupCard />
        <Health />
      </div>
    </AdminLayout>
  );
}
