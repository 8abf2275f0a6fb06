import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePresence } from '@/lib/usePresence';

/** "Online" / "Offline" with a dot, for another user (live; hidden players always read offline). */
export function PresenceBadge({ userId, className }: { userId: number; className?: string }) {
  const { t } = useTranslation('live');
  const online = usePresence(userId);
  return (
    <span
      data-testid="presence"
      data-online={online}
      className={cn('inline-flex items-center gap-1.5 rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg', className)}
    >
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', online ? 'bg-emerald-500' : 'bg-slate-400 dark:bg-slate-500')} />
      {online ? t('presence.online') : t('presence.offline')}
    </span>
  );
}
