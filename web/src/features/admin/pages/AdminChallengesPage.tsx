import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import type { AdminChallenge } from '../api/list-admin';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListView, Badge, FilterLinks } from '../components/ListParts';
import { withParam } from '../components/SearchBox';
import { formatDate, statusTone } from '../components/labels';

const STATUSES = ['all', 'pending', 'accepted', 'rejected', 'expired', 'cancelled', 'completed'] as const;
type Status = (typeof STATUSES)[number];

/** /super-admin/challenges?status=…: challenges of every tournament (pending = the dashboard's active challenges). */
export default function AdminChallengesPage() {
  const { t, i18n } = useTranslation('adminArea');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'all';
  return (
    <AdminLayout>
      <PageTitle title={t('challenges.title')} />
      <div className="mt-6 space-y-4">
        <FilterLinks label={t('filters.status')} options={STATUSES} value={status} hrefOf={(s) => withParam(pathname, params, 'status', s)} labelOf={(s) => t(`challengeStatuses.${s}`)} />
        <AdminListView<'challenges', AdminChallenge>
          list="challenges"
          params={{ status }}
          label={t('challenges.title')}
          empty={t('challenges.empty')}
          row={(c) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-fg">{t('challenges.line', { challenger: c.challenger.display_name, challenged: c.challenged.display_name })}</span>
                <Badge tone={statusTone[c.status]}>{t(`challengeStatuses.${c.status}`)}</Badge>
              </div>
              <div className="flex flex-wrap gap-x-3 text-sm text-muted">
                <Link to={`/tournaments/${c.tournament.id}`} className="font-medium text-brand hover:underline">
                  {c.tournament.name}
                </Link>
                <span>{t('list.created', { date: formatDate(c.created_at, i18n.language, true) })}</span>
                {c.status === 'pending' && <span>{t('list.expires', { date: formatDate(c.expires_at, i18n.language, true) })}</span>}
              </div>
            </div>
          )}
        />
      </div>
    </AdminLayout>
  );
}
