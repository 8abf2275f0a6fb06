import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import type { AdminTournament } from '../api/list-admin';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListView, Badge, FilterLinks } from '../components/ListParts';
import { SearchBox, useSearchTerm, withParam } from '../components/SearchBox';
import { formatDate, statusTone } from '../components/labels';

const STATUSES = ['all', 'pending', 'active', 'inactive', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

/** /super-admin/tournaments: every tournament by status, searched by name, paged by the server. */
export default function AdminTournamentsPage() {
  const { t, i18n } = useTranslation('adminArea');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'all';
  const [q, text, setText] = useSearchTerm();
  return (
    <AdminLayout>
      <PageTitle title={t('tournaments.title')} />
      <div className="mt-6 space-y-4">
        <FilterLinks label={t('filters.status')} options={STATUSES} value={status} hrefOf={(s) => withParam(pathname, params, 'status', s)} labelOf={(s) => t(`tournamentStatuses.${s}`)} />
        <SearchBox label={t('filters.search')} placeholder={t('tournaments.searchPlaceholder')} value={text} onChange={setText} />
        <AdminListView<'tournaments', AdminTournament>
          list="tournaments"
          params={{ status, q }}
          label={t('tournaments.title')}
          empty={t('tournaments.empty')}
          row={(tr) => (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link to={`/tournaments/${tr.id}`} className="font-medium text-brand hover:underline">
                {tr.name}
              </Link>
              <Badge tone={statusTone[tr.status]}>{t(`tournamentStatuses.${tr.status}`)}</Badge>
              {tr.club_name && <span className="text-sm text-muted">{tr.club_name}</span>}
              <span className="text-sm text-muted">{t('tournaments.players', { count: tr.players })}</span>
              <span className="text-sm text-muted">{t('list.created', { date: formatDate(tr.created_at, i18n.language) })}</span>
            </div>
          )}
        />
      </div>
    </AdminLayout>
  );
}
