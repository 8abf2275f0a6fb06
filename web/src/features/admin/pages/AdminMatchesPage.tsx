import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import type { AdminMatch } from '../api/list-admin';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListView, Badge, FilterLinks } from '../components/ListParts';
import { withParam } from '../components/SearchBox';
import { formatDate, statusTone } from '../components/labels';

const STATES = ['all', 'pending', 'scheduled', 'completed', 'active', 'cancelled'] as const;
type State = (typeof STATES)[number];

/**
 * /super-admin/matches?state=all|pending|scheduled|completed (and active, cancelled): matches of
 * every tournament, newest first; period=week keeps this week's validated results.
 */
export default function AdminMatchesPage() {
  const { t, i18n } = useTranslation('adminArea');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as State) : 'all';
  const week = params.get('period') === 'week';
  return (
    <AdminLayout>
      <PageTitle title={t('matches.title')} />
      <p className="mt-2 text-muted">{t(`matches.intro.${week ? 'week' : state}`)}</p>
      <div className="mt-6 space-y-4">
        <FilterLinks
          label={t('filters.state')}
          options={STATES}
          value={week ? ('none' as State) : state}
          hrefOf={(s) => withParam(pathname, params, 'state', s, ['period'])}
          labelOf={(s) => t(`matchFilters.${s}`)}
        />
        {week && (
          <p>
            <Link to={withParam(pathname, params, 'state', 'completed', ['period'])} className="text-sm font-medium text-brand hover:underline">
              {t('matches.allCompleted')}
            </Link>
          </p>
        )}
        <AdminListView<'matches', AdminMatch>
          list="matches"
          params={{ state: week ? 'completed' : state, period: week ? 'week' : '' }}
          label={t('matches.title')}
          empty={t('matches.empty')}
          row={(m) => (
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-fg">
                  {m.player1.display_name} <span className="text-muted">{t('matches.versus')}</span> {m.player2.display_name}
                </span>
                <Badge tone={statusTone[m.state]}>{t(`matchStates.${m.state}`)}</Badge>
                {m.score && <span className="font-mono text-sm text-fg">{m.score}</span>}
              </div>
              <div className="flex flex-wrap gap-x-3 text-sm text-muted">
                <Link to={`/tournaments/${m.tournament.id}`} className="font-medium text-brand hover:underline">
                  {m.tournament.name}
                </Link>
                {m.scheduled_at && <span>{t('matches.scheduled', { date: formatDate(m.scheduled_at, i18n.language, true) })}</span>}
                {m.validated_at && <span>{t('matches.validated', { date: formatDate(m.validated_at, i18n.language, true) })}</span>}
              </div>
            </div>
          )}
        />
      </div>
    </AdminLayout>
  );
}
