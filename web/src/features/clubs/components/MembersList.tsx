import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import type { ClubDetail } from '../api/get-club';
import { MemberActions } from './MemberActions';

const link = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The Members tab: each member with their role and, where the server allows, the actions menu. */
export function MembersList({ club, onChanged }: { club: Pick<ClubDetail, 'id' | 'members'>; onChanged: () => void }) {
  const { t } = useTranslation('clubs');
  if (club.members.length === 0) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('membersTab.empty')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="club-members">
      {club.members.map((m) => (
        <li key={m.user_id} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3" data-testid={`club-member-${m.user_id}`}>
          <Avatar photoUrl={m.photo_url} name={m.display_name} size="md" />
          <Link to={`/players/${m.user_id}`} className={`min-w-0 flex-1 truncate ${link}`}>
            {m.display_name}
          </Link>
          <span
            className={
              m.role === 'administrator'
                ? 'shrink-0 rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-400/15 dark:text-blue-200'
                : 'shrink-0 rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg'
            }
          >
            {t(`roles.${m.role}`)}
          </span>
          <MemberActions clubId={club.id} member={m} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}
