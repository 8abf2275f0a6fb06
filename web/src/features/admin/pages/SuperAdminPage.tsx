import { ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { PendingClubs } from '@/features/clubs/components/PendingClubs';
import { PendingTournamentsCard } from '@/features/tournaments/components/PendingTournaments';
import { useSession } from '@/lib/SessionProvider';
import { capabilities } from '@/lib/user';
import { AdminLayout } from '../components/AdminLayout';
import { DashboardCounters } from '../components/DashboardCounters';

/**
 * /super-admin: the dashboard. Super admins see the ten counters of SPEC §2 and the validations
 * (pending clubs and tournaments); admins, who may only manage players (SPEC §6), are led there.
 */
export default function SuperAdminPage() {
  const { t } = useTranslation('adminArea');
  const { t: tc } = useTranslation('clubs');
  const { t: tCommon } = useTranslation();
  const { user } = useSession();
  const caps = capabilities(user);
  return (
    <AdminLayout>
      <PageTitle title={tCommon('pages.superAdmin')} />
      <p className="mt-2 text-muted">{t('dashboard.intro')}</p>
      <div className="mt-6 space-y-6">
        {caps.has('viewDashboard') && <DashboardCounters />}
        {!caps.has('viewDashboard') && caps.has('listPlayers') && (
          <SectionCard icon={Users} title={t('dashboard.adminTitle')} intro={t('dashboard.adminIntro')}>
            <Link to="/super-admin/players" className={buttonClasses('primary', 'md')}>
              {t('nav.players')}
            </Link>
          </SectionCard>
        )}
        {caps.has('validateClubsTournaments') && (
          <div id="validations" className="grid scroll-mt-20 gap-6 xl:grid-cols-2">
            <SectionCard icon={ShieldCheck} title={tc('validations.title')} intro={tc('validations.intro')}>
              <PendingClubs />
            </SectionCard>
            <PendingTournamentsCard />
          </div>
        )}
      </div>
    </AdminLayout>
  );
}
