import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { settingsQuery } from '../api/get-settings';
import { CalendarFeedSection } from '../components/CalendarFeedSection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { SettingsForm } from '../components/SettingsForm';

/** /settings: notification and privacy preferences (spec §2). */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const query = useQuery(settingsQuery(user?.id ?? 0));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageTitle title={tc('pages.settings')} />
      <p className="mt-2 text-muted">{t('intro')}</p>
      <div className="mt-8">
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <LoadFailed title={t('loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <SettingsForm userId={user?.id ?? 0} initial={query.data} />
        )}
      </div>
      <div className="mt-8">
        <CalendarFeedSection userId={user?.id ?? 0} />
      </div>
      <div className="mt-8">
        <DeleteAccountSection userId={user?.id ?? 0} />
      </div>
    </div>
  );
}
