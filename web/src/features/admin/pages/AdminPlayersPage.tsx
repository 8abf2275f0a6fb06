import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { SelectField, TextField } from '@/components/ui/Field';
import { PageTitle } from '@/components/ui/PageTitle';
import { useDebounced } from '@/lib/useDebounced';
import type { AdminPlayer } from '../api/list-admin';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListView, Badge } from '../components/ListParts';
import { formatDate, statusTone } from '../components/labels';

const ROLES = ['player', 'admin', 'superadmin'] as const;
const STATUSES = ['active', 'suspended', 'paused'] as const;

/** /super-admin/players: every account, searched (accents ignored) and filtered, paged by the server. */
export default function AdminPlayersPage() {
  const { t, i18n } = useTranslation('adminArea');
  const [params, setParams] = useSearchParams();
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text, 300);
  useEffect(() => {
    setParams(
      (p) => {
        if (q.trim()) p.set('q', q.trim());
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [q, setParams]);
  const setFilter = (key: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  return (
    <AdminLayout>
      <PageTitle title={t('players.title')} />
      <p className="mt-2 text-muted">{t('players.intro')}</p>
      <div className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,2fr)_1fr_1fr]">
        <TextField label={t('players.search')} type="search" value={text} placeholder={t('players.searchPlaceholder')} onChange={(e) => setText(e.target.value)} maxLength={100} />
        <SelectField label={t('players.role')} value={role} onChange={(e) => setFilter('role', e.target.value)}>
          <option value="">{t('players.allRoles')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('players.status')} value={status} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">{t('players.allStatuses')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-6">
        <AdminListView<'players', AdminPlayer>
          list="players"
          params={{ q: q.trim(), role, status }}
          label={t('players.title')}
          empty={t('players.empty')}
          row={(p) => (
            <Link
              to={`/super-admin/players/${p.id}`}
              className="-m-2 flex items-center gap-3 rounded-xl p-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Avatar photoUrl={p.photo_url} name={p.display_name} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-fg">{p.display_name}</span>
                <span className="block truncate text-sm text-muted">{p.email}</span>
                <span className="mt-1 flex flex-wrap gap-1.5">
                  <Badge tone={p.role === 'player' ? 'neutral' : 'info'}>{p.is_root ? t('role.root') : t(`roles.${p.role}`)}</Badge>
                  <Badge tone={statusTone[p.status]}>{t(`statuses.${p.status}`)}</Badge>
                  <span className="text-xs text-muted">
                    {p.last_sign_in_at ? t('players.lastSignIn', { date: formatDate(p.last_sign_in_at, i18n.language) }) : t('players.neverSignedIn')}
                  </span>
                </span>
              </span>
              <ChevronRight className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            </Link>
          )}
        />
      </div>
    </AdminLayout>
  );
}
