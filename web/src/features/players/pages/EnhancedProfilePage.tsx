import { Eye, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { useSession } from '@/lib/SessionProvider';
import { PlayerScreen } from '../components/PlayerScreen';

/** /profile/enhanced: the own profile exactly as other players see it, with a way to edit it. */
export default function EnhancedProfilePage() {
  const { t } = useTranslation('players');
  const { user } = useSession();
  const banner = (
    <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand/30 bg-brand/5 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm text-fg">
        <Eye className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
        {t('preview')}
      </p>
      <Link to="/profile" className={buttonClasses('primary', 'sm', 'self-start sm:self-auto')}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        {t('edit')}
      </Link>
    </div>
  );
  return <PlayerScreen id={user?.id ?? NaN} banner={banner} />;
}
