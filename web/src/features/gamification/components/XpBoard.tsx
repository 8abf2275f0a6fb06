import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { xpLeaderboardQuery } from '@/lib/gamification';

/** The friendly XP ranking among the players of the reader's tournaments. */
export function XpBoard({ userId }: { userId: number }) {
  const { t } = useTranslation('gamification');
  const q = useQuery(xpLeaderboardQuery(userId));
  if (q.isPending) return <Spinner className="py-8" label={t('loading')} />;
  if (q.isError) return <p role="alert" className="text-sm text-fg">{t('loadFailed')}</p>;
  const rows = q.data.items;
  if (rows.length <= 1) return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{t('board.empty')}</p>;
  return (
    <ol className="grid gap-1" data-testid="xp-board">
      {rows.map((r) => (
        <li
          key={r.player.id}
          className={cn('flex items-center gap-3 rounded-xl px-2 py-1.5', r.me && 'bg-surface-2 font-semibold')}
          aria-current={r.me ? 'true' : undefined}
        >
          <span className="w-7 text-right text-sm tabular-nums text-muted">{r.position}</span>
          <Avatar photoUrl={r.player.photo_url} name={r.player.display_name} size="sm" />
          <Link to={`/players/${r.player.id}`} className="min-w-0 flex-1 truncate text-sm text-fg underline-offset-2 hover:underline">
            {r.player.display_name}
            {r.me && <span className="text-muted"> {t('board.you')}</span>}
          </Link>
          <span className="text-xs text-muted">{t('levelShort', { level: r.level })}</span>
          <span className="w-20 text-right text-sm tabular-nums text-fg">{t('xp', { xp: r.xp })}</span>
        </li>
      ))}
    </ol>
  );
}
