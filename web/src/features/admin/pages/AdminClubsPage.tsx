import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import type { AdminClub } from '../api/list-admin';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListView, Badge, FilterLinks } from '../components/ListParts';
import { SearchBox, useSearchTerm, withParam } from '../components/SearchBox';
import { formatDate, statusTone } from '../components/labels';

const STATUSES = ['all', 'pending', 'validated', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

/** /super-admin/clubs: every club by status, searched by name, paged by the server; each links to its page. */
export default function AdminClubsPage() {
  const { t, i18n } = useTranslation('adminArea');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'all';
  const [q, text, setText] = useSearchTerm();
  return (
    <AdminLayout>
      <PageTitle title={t('clubs.title')} />
      <div className="mt-6 space-y-4">
        <FilterLinks label={t('filters.status')} options={STATUSES} value={status} hrefOf={(s) => withParam(pathname, params, 'status', s)} labelOf={(s) => t(`clubStatuses.${s}`)} />
        <SearchBox label={t('filters.search')} placeholder={t('clubs.searchPlaceholder')} value={text} onChange={setText} />
        <AdminListView<'clubs', AdminClub>
          list="clubs"
          params={{ status, q }}
          label={t('clubs.title')}
          empty={t('clubs.empty')}
          row={(c) => (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link to={`/clubs/${c.id}`} className="font-medium text-brand hover:underline">
                {c.name}
              </Link>
              <Badge tone={statusTone[c.status]}>{t(`clubStatuses.${c.status}`)}</Badge>
              <span className="text-sm text-muted">{t('clubs.members', { count: c.stats.members })}</span>
              <span className="text-sm text-muted">{t('list.created', { date: formatDate(c.created_at, i18n.language) })}</span>
              {c.expires_at && <span className="text-sm text-muted">{t('list.expires', { date: formatDate(c.expires_at, i18n.language, true) })}</span>}
            </div>
          )}
        />
      </div>
    </AdminLayout>
  );
}
