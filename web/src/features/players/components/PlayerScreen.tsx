import { useQuery } from '@tanstack/react-query';
import { UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { PageSpinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/SessionProvider';
import { playerQuery } from '../api/get-player';
import { PlayerProfile } from './PlayerProfile';

/** Spec §8 'Player not found': a missing player, or one who hides from this viewer. */
export function PlayerNotFound() {
  const { t } = useTranslation('players');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 grid h-16 w-16 place-items-center rounded-2xl bg-surface-2 text-muted" aria-hidden="true">
        <UserRoundX className="h-8 w-8" />
      </span>
      <PageTitle title={t('notFound.title')} />
      <p className="mt-4 text-lg text-muted">{t('notFound.body')}</p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}

/** Loads a player and shows them, 'Player not found', or a retry. */
export function PlayerScreen({ id, banner }: { id: number; banner?: ReactNode }) {
  const { t } = useTranslation('players');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...playerQuery(user?.id ?? 0, id), enabled: valid });

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <PlayerNotFound />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <PageTitle title={tc('pages.player')} />
        <p role="alert" className="mt-4 text-muted">
          {t('loadFailed')}
        </p>
        <Button variant="outline" className="mt-6" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </section>
    );
  }
  return <PlayerProfile player={query.data} banner={banner} />;
}
