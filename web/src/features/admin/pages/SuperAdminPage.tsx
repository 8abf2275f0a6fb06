import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/SectionCard';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { PendingClubs } from '@/features/clubs/components/PendingClubs';
import { PendingTournamentsCard } from '@/features/tournaments/components/PendingTournaments';
import { useSession } from '@/lib/SessionProvider';
import { isSuperAdmin } from '@/lib/user';

/**
 * /super-admin: for now only the Validations section (pending clubs and tournaments, for super
 * admins); the rest of the area arrives in later issues.
 */
export default function SuperAdminPage() {
  const { t } = useTranslation('clubs');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  return (
    <div>
      {isSuperAdmin(user) && (
        <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-10 sm:px-6 lg:grid-cols-2">
          <SectionCard icon={ShieldCheck} title={t('validations.title')} intro={t('validations.intro')}>
            <PendingClubs />
          </SectionCard>
          <PendingTournamentsCard />
        </div>
      )}
      <ComingSoon title={tc('pages.superAdmin')} />
    </div>
  );
}
