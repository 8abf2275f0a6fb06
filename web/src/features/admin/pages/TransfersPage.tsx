import { CLOCK_24H } from '@/lib/time-format';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, History, UserRoundCog } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/ui/Button';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/SessionProvider';
import { runTransfer, transfersQuery, type TransferBody } from '../api/transfers';
import { AdminLayout } from '../components/AdminLayout';

type Checks = Pick<TransferBody, 'identity_verified' | 'irreversible_understood' | 'user_informed'>;
const NO_CHECKS: Checks = { identity_verified: false, irreversible_understood: false, user_informed: false };

/**
 * /super-admin/transfers (SPEC §4, §5): source and target emails and a reason (all required),
 * three checks, then a final confirmation; the history below, newest first.
 */
export default function TransfersPage() {
  const { t } = useTranslation('people');
  return (
    <AdminLayout>
      <PageTitle title={t('transfers.title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('transfers.intro')}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <TransferForm />
        <TransferHistory />
      </div>
    </AdminLayout>
  );
}

function TransferForm() {
  const { t } = useTranslation('people');
  const toast = useToast();
  const queryClient = useQueryClient();
  const idPrefix = useId();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [checks, setChecks] = useState<Checks>(NO_CHECKS);
  const [problem, setProblem] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const body = (): TransferBody => ({ source_email: source.trim(), target_email: target.trim(), reason: reason.trim(), ...checks });

  function submit(e: FormEvent) {
    e.preventDefault();
    const b = body();
    setFieldErrors({});
    if (!b.source_email || !b.target_email || !b.reason) {
      setProblem(t('transfers.fieldsRequired'));
      return;
    }
    if (!b.identity_verified || !b.irreversible_understood || !b.user_informed) {
      setProblem(t('transfers.checksRequired'));
      return;
    }
    setProblem(undefined);
    setConfirming(true);
  }

  async function run() {
    const b = body();
    try {
      await runTransfer(b);
      toast.success(t('transfers.done', { source: b.source_email, target: b.target_email }));
      setSource('');
      setTarget('');
      setReason('');
      setChecks(NO_CHECKS);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'transfers'] });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      setProblem(message);
      if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
      // The dialog closes (the call resolves) so the form shows the reason next to its fields.
      toast.error(t('transfers.error'), message);
    }
  }

  const checkRows: { key: keyof Checks; label: string }[] = [
    { key: 'identity_verified', label: t('transfers.identityVerified') },
    { key: 'irreversible_understood', label: t('transfers.irreversible') },
    { key: 'user_informed', label: t('transfers.userInformed') },
  ];

  return (
    <SectionCard icon={UserRoundCog} title={t('transfers.formTitle')} className="h-fit">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('transfers.source')}
          type="email"
          autoComplete="off"
          value={source}
          maxLength={254}
          onChange={(e) => setSource(e.target.value)}
          error={fieldErrors.source_email}
          aria-required="true"
        />
        <TextField
          label={t('transfers.target')}
          type="email"
          autoComplete="off"
          value={target}
          maxLength={254}
          onChange={(e) => setTarget(e.target.value)}
          error={fieldErrors.target_email}
          aria-required="true"
        />
        <TextAreaField
          label={t('transfers.reason')}
          hint={t('transfers.reasonHint')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          error={fieldErrors.reason}
          aria-required="true"
        />
        <fieldset className="space-y-3 rounded-xl border border-border bg-surface-2 p-4">
          <legend className="px-1 text-sm font-semibold text-fg">{t('transfers.checksTitle')}</legend>
          {checkRows.map(({ key, label }) => (
            <div key={key} className="flex items-start gap-3">
              <input
                id={`${idPrefix}-${key}`}
                type="checkbox"
                checked={checks[key]}
                onChange={(e) => setChecks((c) => ({ ...c, [key]: e.target.checked }))}
                className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-[var(--brand)]"
              />
              <label htmlFor={`${idPrefix}-${key}`} className="cursor-pointer text-sm text-fg">
                {label}
              </label>
            </div>
          ))}
        </fieldset>
        {problem && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-fg">
            {problem}
          </p>
        )}
        <Button type="submit" className="w-full">
          {t('transfers.submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('transfers.confirmTitle')}
        description={t('transfers.confirmBody', { source: source.trim(), target: target.trim() })}
        confirmLabel={t('transfers.confirm')}
        onConfirm={run}
      />
    </SectionCard>
  );
}

function TransferHistory() {
  const { t, i18n } = useTranslation('people');
  const { user } = useSession();
  const query = useInfiniteQuery(transfersQuery(user?.id ?? 0));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium', timeStyle: 'short', ...CLOCK_24H });
  return (
    <SectionCard icon={History} title={t('transfers.historyTitle')} className="h-fit">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div role="alert" className="text-center">
          <p className="text-sm text-fg">{t('transfers.historyError')}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            {t('transfers.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('transfers.historyEmpty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border" data-testid="transfer-history">
            {items.map((x) => (
              <li key={x.id} className="space-y-1 py-4">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-fg">
                  <span className="sr-only">{t('transfers.from')}</span>
                  <span className="break-all">{x.source_email}</span>
                  <ArrowRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                  <span className="sr-only">{t('transfers.to')}</span>
                  <span className="break-all">{x.target_email}</span>
                </p>
                <p className="text-sm text-fg">{x.reason}</p>
                <p className="text-xs text-muted">
                  <time dateTime={x.created_at}>{when.format(new Date(x.created_at))}</time> · {t('transfers.by', { name: x.actor_name })}
                </p>
                <p className="text-xs text-muted">
                  {t('transfers.moved', {
                    participations: x.moved.participations + x.moved.merged_participants,
                    matches: x.moved.matches,
                    challenges: x.moved.challenges,
                    clubs: x.moved.club_memberships,
                    notifications: x.moved.notifications,
                  })}
                </p>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('transfers.loadMore')}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}
