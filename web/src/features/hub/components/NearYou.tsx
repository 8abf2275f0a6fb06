import { useQuery } from '@tanstack/react-query';
import { Building2, MapPin, MessageSquare, Swords, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { placeNames, useDistricts } from '@/lib/geo';
import { usePersonName } from '@/lib/person';
import { hubQuery, type HubData } from '../api/hub';

const linkClass = 'rounded font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** One block of "near you": a heading, its items or the empty line, and a link to the whole list. */
function Block({ icon, title, id, empty, isEmpty, more, children }: {
  icon: typeof Trophy;
  title: string;
  id: string;
  empty: ReactNode;
  isEmpty: boolean;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard icon={icon} title={title} compact id={id} className="h-full">
      {isEmpty ? <div className="text-sm text-muted">{empty}</div> : <ul className="space-y-3">{children}</ul>}
      {more && <div className="mt-4 flex flex-wrap gap-2">{more}</div>}
    </SectionCard>
  );
}

function Tournaments({ data }: { data: HubData }) {
  const { t } = useTranslation('hub');
  return (
    <Block
      icon={Trophy}
      title={t('tournaments.heading')}
      id="hub-tournaments"
      isEmpty={data.tournaments.length === 0}
      empty={t('tournaments.empty')}
      more={
        <Link to="/tournaments" className={buttonClasses('outline', 'sm')}>
          {t('tournaments.all')}
        </Link>
      }
    >
      {data.tournaments.map((tr) => (
        <li key={tr.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="hub-tournament">
          <div className="min-w-0">
            <Link to={`/tournaments/${tr.id}`} className={linkClass}>
              {tr.name}
            </Link>
            <p className="text-xs text-muted">
              {[t(`tournaments.${tr.ranking_type}`), tr.club_name, tr.privacy === 'private' ? t('tournaments.private') : '']
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <Link to={`/tournaments/${tr.id}`} className={buttonClasses('primary', 'sm')} aria-label={`${t('tournaments.join')}: ${tr.name}`}>
            {t('tournaments.join')}
          </Link>
        </li>
      ))}
    </Block>
  );
}

function Clubs({ data }: { data: HubData }) {
  const { t } = useTranslation('hub');
  return (
    <Block
      icon={Building2}
      title={t('clubs.heading')}
      id="hub-clubs"
      isEmpty={data.clubs.length === 0}
      empty={t('clubs.empty')}
      more={
        <>
          <Link to="/clubs" className={buttonClasses('outline', 'sm')}>
            {t('clubs.all')}
          </Link>
          <Link to="/clubs?create=true" className={buttonClasses('ghost', 'sm')}>
            {t('clubs.propose')}
          </Link>
        </>
      }
    >
      {data.clubs.map((c) => (
        <li key={c.id} data-testid="hub-club">
          <Link to={`/clubs/${c.id}`} className={linkClass}>
            {c.name}
          </Link>
          <p className="text-xs text-muted">{t('clubs.members', { count: c.stats.members })}</p>
        </li>
      ))}
    </Block>
  );
}

function Players({ data }: { data: HubData }) {
  const { t } = useTranslation('hub');
  const name = usePersonName();
  return (
    <Block
      icon={Users}
      title={t('players.heading')}
      id="hub-players"
      isEmpty={data.players.length === 0}
      empty={
        <>
          <p>{t('players.empty')}</p>
          <Link to="/profile#availability" className={buttonClasses('outline', 'sm', 'mt-3')}>
            {t('players.setAvailability')}
          </Link>
        </>
      }
    >
      <li className="text-xs text-muted">{t('players.hint')}</li>
      {data.players.map(({ player: p, shared_slots }) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3" data-testid="hub-player">
          <Avatar photoUrl={p.photo_url} name={name(p)} size="sm" />
          <div className="min-w-[9rem] flex-1">
            <Link to={`/players/${p.id}`} className={linkClass}>
              {name(p)}
            </Link>
            <p className="text-xs text-muted">{t('players.shared', { count: shared_slots })}</p>
          </div>
          <div className="flex gap-1">
            <Link
              to={`/challenges?create=true&opponent=${p.id}`}
              className={buttonClasses('outline', 'sm')}
              aria-label={t('players.challengeLabel', { name: name(p) })}
            >
              <Swords className="h-4 w-4" aria-hidden="true" />
              {t('players.challenge')}
            </Link>
            <Link to={`/messages?to=${p.id}`} className={buttonClasses('ghost', 'sm')} aria-label={t('players.messageLabel', { name: name(p) })}>
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              {t('players.message')}
            </Link>
          </div>
        </li>
      ))}
    </Block>
  );
}

function Results({ data }: { data: HubData }) {
  const { t, i18n } = useTranslation('hub');
  const name = usePersonName();
  return (
    <Block icon={Trophy} title={t('results.heading')} id="hub-results" isEmpty={data.results.length === 0} empty={t('results.empty')}>
      {data.results.map((r) => (
        <li key={r.id} data-testid="hub-result" className="text-sm">
          <p className="text-fg">
            {t('results.beat', { winner: name(r.winner), loser: name(r.loser) })}{' '}
            <span className="font-semibold tabular-nums">{r.score}</span>
          </p>
          <p className="text-xs text-muted">
            <Link to={`/tournaments/${r.tournament.id}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {t('results.in', { tournament: r.tournament.name })}
            </Link>{' '}
            · <time dateTime={r.validated_at}>{new Date(r.validated_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</time>
          </p>
        </li>
      ))}
    </Block>
  );
}

/** "Near you": the reader's district and municipality, and what there is to play there. */
export function NearYou({ userId }: { userId: number }) {
  const { t } = useTranslation('hub');
  const query = useQuery(hubQuery(userId));
  const districts = useDistricts();
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('near.loading')} className="py-8">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <LoadFailed title={t('near.loadFailed')} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data.district) {
    return (
      <div className="rounded-2xl border border-border bg-surface p-6 text-center" data-testid="hub-no-district">
        <MapPin className="mx-auto h-8 w-8 text-brand" aria-hidden="true" />
        <p className="mt-3 font-semibold text-fg">{t('near.noDistrictTitle')}</p>
        <p className="mt-1 text-sm text-muted">{t('near.noDistrictBody')}</p>
        <Link to="/profile" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('near.setDistrict')}
        </Link>
      </div>
    );
  }
  const names = placeNames(districts.data, data.district, data.municipality);
  const district = names.district || data.district;
  return (
    <div>
      <p className="flex items-center gap-2 text-sm text-muted" data-testid="hub-place">
        <MapPin className="h-4 w-4" aria-hidden="true" />
        {names.municipality ? t('near.place', { municipality: names.municipality, district }) : t('near.placeDistrict', { district })}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Tournaments data={data} />
        <Players data={data} />
        <Clubs data={data} />
        <Results data={data} />
      </div>
    </div>
  );
}
