import { Lock, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import type { TournamentDetail } from '../api/get-tournament';

/** 'Tournament not found' (SPEC §8: missing or removed), with the way back to the list. */
export function TournamentNotFound() {
  const { t } = useTranslation('tournament');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <Trophy className="h-12 w-12 text-muted" aria-hidden="true" />
      <PageTitle title={t('notFound.title')} className="mt-4" />
      <p className="mt-3 text-muted">{t('notFound.body')}</p>
      <Link to="/tournaments" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}

/** The page's shape while the tournament loads: header, tabs and a card, pulsing. */
export function TournamentSkeleton() {
  const { t } = useTranslation('tournament');
  const block = 'rounded-xl bg-surface-2 motion-safe:animate-pulse';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">{t('loading')}</span>
      <div className="overflow-hidden rounded-2xl border border-border bg-surface" aria-hidden="true">
        <div className={`h-36 sm:h-52 ${block} rounded-none`} />
        <div className="space-y-3 p-6">
          <div className={`h-8 w-2/3 ${block}`} />
          <div className={`h-5 w-40 ${block}`} />
          <div className={`h-5 w-1/2 ${block}`} />
        </div>
      </div>
      <div className={`mt-8 h-12 ${block}`} aria-hidden="true" />
      <div className={`mt-6 h-64 ${block}`} aria-hidden="true" />
    </div>
  );
}

/** What a private tournament shows outside its Overview to those who may not see more. */
export function PrivateNotice({ tournament, signedIn }: { tournament: Pick<TournamentDetail, 'my_status'>; signedIn: boolean }) {
  const { t } = useTranslation('tournament');
  const body = !signedIn ? t('private.visitor') : tournament.my_status === 'requested' ? t('private.requested') : t('private.body');
  return (
    <div className="flex flex-col items-center rounded-2xl border border-border bg-surface px-6 py-12 text-center shadow-sm" data-testid="private-notice">
      <span className="grid h-14 w-14 place-items-center rounded-2xl bg-surface-2 text-brand" aria-hidden="true">
        <Lock className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-fg">{t('private.title')}</h2>
      <p className="mt-2 max-w-md text-sm text-muted">{body}</p>
    </div>
  );
}
