import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldPlus, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/SessionProvider';
import { createSuperAdmin, removeSuperAdmin, superAdminsQuery, type SuperAdmin } from '../api/super-admins';
import { AdminLayout } from '../components/AdminLayout';

/** A plain address with a dot in its domain: what the server accepts (it checks again). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/**
 * /super-admins (SPEC §2, §5, §6): the super admins, the root marked protected; root adds one by
 * the email of a registered account and removes them, after a confirmation. What the reader may
 * do comes from the server (can_create, can_remove and its reason).
 */
export default function SuperAdminsPage() {
  const { t, i18n } = useTranslation('people');
  const { user } = useSession();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery(superAdminsQuery(user?.id ?? 0, language));
  const items = query.data?.items ?? [];

  return (
    <AdminLayout>
      <PageTitle title={t('superAdmins.title')} />
      <p className="mt-2 max-w-3xl text-muted">{t('superAdmins.intro')}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SectionCard icon={ShieldCheck} title={t('superAdmins.listTitle')} intro={query.data ? t('superAdmins.count', { count: items.length }) : undefined}>
          {query.isPending ? (
            <Spinner />
          ) : query.isError ? (
            <div role="alert" className="text-center">
              <p className="text-sm text-fg">{t('superAdmins.loadError')}</p>
              <p className="mt-1 text-sm text-muted">{query.error.message}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
                {t('superAdmins.retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('superAdmins.empty')}</p>
          ) : (
            <ul className="divide-y divide-border" data-testid="super-admins">
              {items.map((sa) => (
                <SuperAdminRow key={sa.id} sa={sa} me={sa.id === user?.id} />
              ))}
            </ul>
          )}
        </SectionCard>
        {query.data &&
          (query.data.can_create ? (
            <AddSuperAdmin />
          ) : (
            <p className="h-fit rounded-2xl border border-border bg-surface-2 p-4 text-sm text-muted">{t('superAdmins.onlyRoot')}</p>
          ))}
      </div>
    </AdminLayout>
  );
}

function SuperAdminRow({ sa, me }: { sa: SuperAdmin; me: boolean }) {
  const { t } = useTranslation('people');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Why this row cannot be removed, when it is about this row itself (protected, yourself); the
  // general "only root" rule is said once beside the list.
  const reason = !sa.can_remove && sa.remove_refusal !== 'role.only_root_superadmins' ? sa.remove_refusal_message : undefined;

  async function remove() {
    try {
      await removeSuperAdmin(sa.id);
      toast.success(t('superAdmins.removed', { email: sa.email }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'super-admins'] });
    } catch (error) {
      toast.error(t('superAdmins.removeError'), error instanceof ApiError ? error.message : undefined);
      throw error;
    }
  }

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`super-admin-${sa.email}`}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar photoUrl={sa.photo_url} name={sa.display_name} size="md" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
            <span className="truncate">{sa.display_name}</span>
            {sa.is_root && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                <Lock className="h-3 w-3" aria-hidden="true" />
                {t('superAdmins.rootBadge')}
              </span>
            )}
            {me && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg">{t('superAdmins.you')}</span>}
          </p>
          <p className="truncate text-sm text-muted">{sa.email}</p>
          {reason && <p className="mt-1 text-xs text-muted">{reason}</p>}
        </div>
      </div>
      {sa.can_remove && (
        <>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`${t('superAdmins.remove')}: ${sa.display_name}`}>
            {t('superAdmins.remove')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('superAdmins.removeTitle')}
            description={t('superAdmins.removeBody', { name: sa.display_name, email: sa.email })}
            confirmLabel={t('superAdmins.removeConfirm')}
            onConfirm={remove}
          />
        </>
      )}
    </li>
  );
}

function AddSuperAdmin() {
  const { t } = useTranslation('people');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError(t('superAdmins.emailInvalid'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await createSuperAdmin(value);
      toast.success(t('superAdmins.added', { email: value }));
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'super-admins'] });
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.email) setError(err.fieldErrors.email);
      else toast.error(t('superAdmins.createError'), err instanceof ApiError ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard icon={ShieldPlus} title={t('superAdmins.addTitle')} intro={t('superAdmins.addIntro')} className="h-fit">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          label={t('superAdmins.email')}
          type="email"
          autoComplete="off"
          placeholder={t('superAdmins.emailPlaceholder')}
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          disabled={busy}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {t('superAdmins.add')}
        </Button>
      </form>
    </SectionCard>
  );
}
