import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Building2, Globe, Info, Mail, MapPin, Pencil, Phone, Trophy, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { PageSpinner } from '@/components/ui/Spinner';
import { Tabs } from '@/components/ui/Tabs';
import { ClubTournaments } from '@/features/tournaments/components/ClubTournaments';
import { ApiError } from '@/lib/api';
import { placeNames, useDistricts } from '@/lib/geo';
import { formatPhone } from '@/lib/phone';
import { useSession } from '@/lib/SessionProvider';
import { clubQuery, type ClubDetail } from '../api/get-club';
import { clubsKey } from '../api/list-clubs';
import { ClubImage } from '../components/ClubImage';
import { ClubStatusBadge } from '../components/ClubStatusBadge';
import { DecisionButtons } from '../components/DecisionButtons';
import { EditClubDialog } from '../components/EditClubDialog';
import { MembersList } from '../components/MembersList';
import { MembershipButtons } from '../components/MembershipButtons';
import { codeLabel, websiteHref } from '../lib/clubs';

type Tab = 'info' | 'tournaments' | 'members' | 'stats';

/** 'Club not found' (spec §8), with the way back to the list. */
export function ClubNotFound() {
  const { t } = useTranslation('clubs');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <Building2 className="h-12 w-12 text-muted" aria-hidden="true" />
      <PageTitle title={t('notFound.title')} className="mt-4" />
      <p className="mt-3 text-muted">{t('notFound.body')}</p>
      <Link to="/clubs" className={buttonClasses('outline', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}

function Chips({ codes, group, empty }: { codes: string[]; group: 'surfaces' | 'facilities'; empty: string }) {
  const { t } = useTranslation('clubs');
  if (codes.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {codes.map((c) => (
        <li key={c} className="rounded-full bg-surface-2 px-3 py-1 text-sm text-fg">
          {codeLabel(t, group, c)}
        </li>
      ))}
    </ul>
  );
}

function InfoRow({ icon: Icon, label, children }: { icon: typeof Info; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-sm text-muted">
        <Icon className="absolute left-0 top-0.5 h-5 w-5 text-brand" aria-hidden="true" />
        {label}
      </dt>
      <dd className="break-words text-fg">{children}</dd>
    </div>
  );
}

const link = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

function InfoTab({ club }: { club: ClubDetail }) {
  const { t } = useTranslation('clubs');
  const districts = useDistricts();
  const place = placeNames(districts.data, club.district, club.municipality);
  const where = [place.municipality, place.district].filter(Boolean).join(', ');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <dl className="space-y-4 rounded-2xl border border-border bg-surface p-5 shadow-sm">
        <InfoRow icon={MapPin} label={t('info.address')}>
          {club.address || where ? [club.address, where].filter(Boolean).join(' · ') : <span className="text-muted">{t('info.none')}</span>}
        </InfoRow>
        {club.phone && (
          <InfoRow icon={Phone} label={t('form.phone')}>
            <a href={`tel:${club.phone}`} className={link}>
              {formatPhone(club.phone)}
            </a>
          </InfoRow>
        )}
        {club.email && (
          <InfoRow icon={Mail} label={t('form.email')}>
            <a href={`mailto:${club.email}`} className={link}>
              {club.email}
            </a>
          </InfoRow>
        )}
        {club.website && (
          <InfoRow icon={Globe} label={t('form.website')}>
            <a href={websiteHref(club.website)} target="_blank" rel="noopener noreferrer" className={link}>
              {club.website}
            </a>
          </InfoRow>
        )}
      </dl>
      <div className="space-y-5 rounded-2xl border border-border bg-surface p-5 shadow-sm">
        <div>
          <h2 className="mb-2 text-sm font-semibold text-fg">{t('form.surfaces')}</h2>
          <Chips codes={club.surfaces} group="surfaces" empty={t('info.none')} />
        </div>
        <div>
          <h2 className="mb-2 text-sm font-semibold text-fg">{t('form.facilities')}</h2>
          <Chips codes={club.facilities} group="facilities" empty={t('info.none')} />
        </div>
      </div>
    </div>
  );
}

function StatsTab({ club }: { club: ClubDetail }) {
  const { t } = useTranslation('clubs');
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {(['members', 'tournaments', 'matches'] as const).map((k) => (
        <div key={k} className="rounded-2xl border border-border bg-surface p-5 text-center shadow-sm">
          <dt className="text-sm text-muted">{t(`stats.${k}`)}</dt>
          <dd className="mt-1 text-3xl font-bold text-fg">{club.stats[k]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /clubs/:id: the club's header and actions, and its Info, Tournaments, Members and Statistics tabs. */
export default function ClubPage() {
  const { t } = useTranslation('clubs');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const { user, login } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ ...clubQuery(user?.id ?? 0, id), enabled: valid });
  const [tab, setTab] = useState<Tab>('info');
  const [editing, setEditing] = useState(false);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <ClubNotFound />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return <LoadFailed className="mx-auto mt-10 max-w-xl" title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  }
  const club = query.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: clubsKey });

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header className="overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
        <ClubImage url={club.image_url} className="h-40 w-full sm:h-56" />
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="min-w-0 space-y-2">
            <PageTitle title={club.name} className="break-words text-2xl sm:text-3xl" />
            <ClubStatusBadge club={club} />
            {club.status === 'rejected' && club.reject_reason && <p className="text-sm text-muted">{t('status.reason', { reason: club.reject_reason })}</p>}
            {club.status === 'pending' && <p className="text-sm text-muted">{t('status.pendingHint')}</p>}
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <MembershipButtons club={club} signedIn={!!user} onLogin={() => void login()} onChanged={refresh} />
            {club.can_edit && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('edit.action')}
              </Button>
            )}
            {club.can_decide && <DecisionButtons club={club} />}
          </div>
        </div>
      </header>

      <Tabs
        className="mt-8"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { id: 'info', label: <><Info className="h-4 w-4" aria-hidden="true" />{t('tabs.info')}</>, content: <InfoTab club={club} /> },
          {
            id: 'tournaments',
            label: <><Trophy className="h-4 w-4" aria-hidden="true" />{t('tabs.tournaments')}</>,
            content: <ClubTournaments clubId={club.id} />,
          },
          { id: 'members', label: <><Users className="h-4 w-4" aria-hidden="true" />{t('tabs.members', { count: club.stats.members })}</>, content: <MembersList club={club} onChanged={refresh} /> },
          { id: 'stats', label: <><BarChart3 className="h-4 w-4" aria-hidden="true" />{t('tabs.stats')}</>, content: <StatsTab club={club} /> },
        ]}
      />
      {club.can_edit && <EditClubDialog club={club} open={editing} onOpenChange={setEditing} onSaved={refresh} />}
    </div>
  );
}
