import { CLOCK_24H } from '@/lib/time-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import { capabilities } from '@/lib/user';
import { showToast } from '@/lib/toast';
import { AdminLayout } from '../components/AdminLayout';
import { Pager } from '../components/Pager';
import {
  decideDeletion,
  DELETION_PAGE_SIZE,
  deletionsKey,
  deletionsQuery,
  requestDeletion,
  type DeletionFilter,
  type DeletionRequest,
} from '../api/deletions';

const FILTERS: DeletionFilter[] = ['all', 'pending', 'approved', 'declined'];

const stateTone: Record<DeletionRequest['state'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  approved: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  declined: 'bg-surface-2 text-fg',
};

/** The request form: a super admin names the account by email and gives a reason. */
function RequestForm() {
  const { t } = useTranslation('deletions');
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const send = useMutation({
    mutationFn: () => requestDeletion(email, reason),
    onSuccess: () => {
      setEmail('');
      setReason('');
      setErrors({});
      setFormError('');
      showToast({ variant: 'success', title: t('form.title'), description: t('form.sent') });
      void client.invalidateQueries({ queryKey: deletionsKey });
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fields);
      setFormError(Object.keys(fields).length ? '' : err.message);
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    send.mutate();
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label={t('form.email')} type="email" autoComplete="off" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <TextAreaField
        label={t('form.reason')}
        hint={t('form.reasonHint')}
        required
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {formError && (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={send.isPending}>
        {t('form.submit')}
      </Button>
    </form>
  );
}

/** One request: who, why, who asked, its state, and the root's decision buttons. */
function RequestItem({ r }: { r: DeletionRequest }) {
  const { t, i18n } = useTranslation('deletions');
  const name = usePersonName();
  const client = useQueryClient();
  const [ask, setAsk] = useState<'approve' | 'decline' | null>(null);
  const who = r.user.deleted ? name(r.user) : `${name(r.user)}${r.user_email ? ` (${r.user_email})` : ''}`;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', ...CLOCK_24H });
  async function decide(approve: boolean) {
    try {
      await decideDeletion(r.id, approve);
      showToast({ variant: 'success', title: t(approve ? 'approve.button' : 'decline.button'), description: t(approve ? 'approve.done' : 'decline.done') });
    } catch (err) {
      showToast({ variant: 'error', title: t(approve ? 'approve.button' : 'decline.button'), description: (err as Error).message });
      throw err;
    } finally {
      void client.invalidateQueries({ queryKey: deletionsKey });
    }
  }
  return (
    <li className="rounded-xl border border-border p-4" data-testid="deletion-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className={cn('min-w-0 break-words font-semibold text-fg', r.user.deleted && 'italic')}>{who}</p>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', stateTone[r.state])}>{t(`states.${r.state}`)}</span>
      </div>
      <p className="mt-2 break-words text-sm text-fg">{r.reason || t('list.noReason')}</p>
      <p className="mt-2 text-xs text-muted">
        {r.self ? t('list.selfRequest') : r.requested_by ? t('list.requestedBy', { name: name(r.requested_by) }) : null}
        {' · '}
        {t('list.created', { date: date(r.created_at) })}
        {r.decided_by && r.decided_at && (
          <>
            {' · '}
            {t('list.decidedBy', { state: t(`states.${r.state}`), name: name(r.decided_by) })} ({date(r.decided_at)})
          </>
        )}
      </p>
      {r.can_decide && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setAsk('approve')}>
            {t('approve.button')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsk('decline')}>
            {t('decline.button')}
          </Button>
        </div>
      )}
      {ask && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsk(null)}
          title={t(`${ask}.title`)}
          description={t(`${ask}.description`, { name: who })}
          confirmLabel={t(`${ask}.confirm`)}
          onConfirm={() => decide(ask === 'approve')}
        />
      )}
    </li>
  );
}

function RequestList() {
  const { t } = useTranslation('deletions');
  const [filter, setFilter] = useState<DeletionFilter>('all');
  const [page, setPage] = useState(0);
  const query = useQuery(deletionsQuery(filter, page));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / DELETION_PAGE_SIZE));
  return (
    <div className="space-y-4">
      <div role="group" aria-label={t('list.filter')} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'primary' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(0);
            }}
          >
            {f === 'all' ? t('list.all') : t(`states.${f}`)}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border border-border p-4 text-center">
          <p className="text-fg">{t('list.loadFailed')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-muted">{t('list.empty')}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {query.data.items.map((r) => (
              <RequestItem key={r.id} r={r} />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label={t('list.pagination')}
            text={{ page: t('list.page', { page: page + 1, pages }), previous: t('list.previous'), next: t('list.next') }}
          />
        </>
      )}
    </div>
  );
}

/** /super-admin/deletions: deletion requests (super admins list and ask; the root decides). */
export default function DeletionsPage() {
  const { t } = useTranslation('deletions');
  const { user } = useSession();
  const caps = capabilities(user);
  return (
    <AdminLayout>
      <PageTitle title={t('title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_3fr]">
        <SectionCard icon={UserX} title={t('form.title')} intro={t('form.intro')}>
          {caps.has('requestDeletions') ? <RequestForm /> : <p className="text-sm text-muted">{t('form.rootHint')}</p>}
        </SectionCard>
        <SectionCard icon={ListChecks} title={t('list.title')}>
          <RequestList />
        </SectionCard>
      </div>
    </AdminLayout>
  );
}
