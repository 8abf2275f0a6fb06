import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Spinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/SessionProvider';
import { pendingValidationsQuery } from '../api/list-matches';
import { EmptyState } from './ListStates';
import { MatchCard } from './MatchCard';

/**
 * Results waiting for the viewer (scope=validation): to validate as referee, creator without a
 * referee or super admin, and to confirm or dispute as the opponent of who reported. The
 * notifications page's Pending Validations tab; `staffOnly` keeps only the ones to validate
 * that are not the viewer's own matches (the /challenges page lists those with the matches).
 */
export function PendingValidations({ staffOnly = false }: { staffOnly?: boolean }) {
  const { t } = useTranslation('challenges');
  const { user } = useSession();
  const meId = user?.id ?? 0;
  const query = useQuery(pendingValidationsQuery(meId));
  if (query.isPending) return staffOnly ? null : <Spinner className="py-12" />;
  if (query.isError) return staffOnly ? null : <LoadFailed title={t('pending.loadFailed')} onRetry={() => void query.refetch()} />;
  // The server never lets a player of a match validate it (can_validate): the staff list only reads it.
  const items = staffOnly ? query.data.items.filter((m) => m.can_validate) : query.data.items;
  if (items.length === 0) {
    return staffOnly ? null : <EmptyState icon={ClipboardCheck} title={t('pending.emptyTitle')} body={t('pending.emptyBody')} />;
  }
  const list = (
    <ul className="grid gap-4" aria-label={t('pending.listLabel')} data-testid="pending-validations">
      {items.map((m) => (
        <MatchCard key={m.id} match={m} />
      ))}
    </ul>
  );
  if (!staffOnly) return list;
  return (
    <section aria-labelledby="to-validate-heading" className="space-y-4">
      <h2 id="to-validate-heading" className="text-xl font-semibold text-fg">
        {t('pending.toValidate', { count: items.length })}
      </h2>
      {list}
    </section>
  );
}
