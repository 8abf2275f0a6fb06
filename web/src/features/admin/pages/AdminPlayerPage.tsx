import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Building, RotateCcw, ShieldCheck, Trophy, UserRound, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { Spinner } from '@/components/ui/Spinner';
import { formatPhone } from '@/lib/phone';
import { adminPlayerQuery, runAccountAction, type AccountAction, type AdminPlayerDetail } from '../api/admin-player';
import { adminKey } from '../api/keys';
import { AdminLayout } from '../components/AdminLayout';
import { Badge } from '../components/ListParts';
import { formatDate, statusTone } from '../components/labels';

const ACTIONS: { action: AccountAction; flag: keyof AdminPlayerDetail; icon: typeof Ban }[] = [
  { action: 'suspend', flag: 'can_suspend', icon: Ban },
  { action: 'reactivate', flag: 'can_reactivate', icon: RotateCcw },
  { action: 'setPlayer', flag: 'can_set_player', icon: UserRound },
  { action: 'setAdmin', flag: 'can_set_admin', icon: ShieldCheck },
];

/** /super-admin/players/:id — one account: summary, clubs, tournaments, last sign-in, and the actions the reader may take. */
export default function AdminPlayerPage() {
  const { t, i18n } = useTranslation('adminArea');
  const id = Number(useParams().id);
  const q = useQuery({ ...adminPlayerQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const client = useQueryClient();
  const [asking, setAsking] = useState<AccountAction | null>(null);
  const back = (
    <Link to="/super-admin/players" className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('player.back')}
    </Link>
  );
  if (q.isPending && q.fetchStatus !== 'idle') return <AdminLayout>{back}<Spinner label={t('list.loading')} className="py-16" /></AdminLayout>;
  if (!q.data)
    return (
      <AdminLayout>
        {back}
        {q.isError ? (
          <LoadFailed className="mt-6" title={q.error.message} onRetry={() => void q.refetch()} />
        ) : (
          <div role="alert" className="mt-6 rounded-2xl border border-border bg-surface p-6 text-center">
            <p className="font-semibold text-fg">{t('player.notFound')}</p>
          </div>
        )}
      </AdminLayout>
    );
  const p = q.data;
  const available = ACTIONS.filter((a) => p[a.flag] === true);
  const place = [p.municipality, p.district].filter(Boolean).join(', ');
  return (
    <AdminLayout>
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar photoUrl={p.photo_url} name={p.display_name} size="lg" />
        <div className="min-w-0">
          <PageTitle title={p.display_name} className="break-words" />
          <p className="mt-1 break-all text-muted">{p.email}</p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone={p.role === 'player' ? 'neutral' : 'info'}>{p.is_root ? t('role.root') : t(`roles.${p.role}`)}</Badge>
            <Badge tone={statusTone[p.status]}>{t(`statuses.${p.status}`)}</Badge>
          </div>
        </div>
      </div>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <SectionCard icon={UserCheck} title={t('player.summary')} compact>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('player.registered')}</dt>
            <dd className="text-fg">{formatDate(p.created_at, i18n.language)}</dd>
            <dt className="text-muted">{t('player.lastSignIn')}</dt>
            <dd className="text-fg">{p.last_sign_in_at ? formatDate(p.last_sign_in_at, i18n.language, true) : t('players.neverSignedIn')}</dd>
            <dt className="text-muted">{t('player.place')}</dt>
            <dd className="text-fg">{place || '—'}</dd>
            <dt className="text-muted">{t('player.phone')}</dt>
            <dd className="text-fg">{p.phone ? formatPhone(p.phone) : '—'}</dd>
          </dl>
          <Link to={`/players/${p.id}`} className="mt-4 inline-block text-sm font-medium text-brand hover:underline">
            {t('player.publicProfile')}
          </Link>
        </SectionCard>

        <SectionCard icon={ShieldCheck} title={t('player.actions')} compact>
          {available.length === 0 ? (
            <p className="text-sm text-muted">{p.is_root ? t('player.protected') : t('player.noActions')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {available.map(({ action, icon: Icon }) => (
                <Button key={action} variant={action === 'suspend' ? 'primary' : 'outline'} onClick={() => setAsking(action)}>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(`actions.${action}.button`)}
                </Button>
              ))}
            </div>
          )}
          <p className="mt-3 text-xs text-muted">{t('player.sessionsNote')}</p>
        </SectionCard>

        <SectionCard icon={Building} title={t('player.clubs')} compact>
          {p.clubs.length === 0 ? (
            <p className="text-sm text-muted">{t('player.noClubs')}</p>
          ) : (
            <ul className="space-y-2">
              {p.clubs.map((c) => (
                <li key={c.club_id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Link to={`/clubs/${c.club_id}`} className="font-medium text-brand hover:underline">
                    {c.name}
                  </Link>
                  <Badge>{t(`clubRoles.${c.role}`)}</Badge>
                  {c.status !== 'validated' && <Badge tone={statusTone[c.status]}>{t(`clubStatuses.${c.status}`)}</Badge>}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>

        <SectionCard icon={Trophy} title={t('player.tournaments')} compact>
          {p.tournaments.length === 0 ? (
            <p className="text-sm text-muted">{t('player.noTournaments')}</p>
          ) : (
            <ul className="space-y-2">
              {p.tournaments.map((e) => (
                <li key={e.tournament_id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Link to={`/tournaments/${e.tournament_id}`} className="font-medium text-brand hover:underline">
                    {e.name}
                  </Link>
                  <Badge>{t(`entryRoles.${e.role}`)}</Badge>
                  {e.status !== 'active' && <Badge tone={statusTone[e.status]}>{t(`entryStatuses.${e.status}`)}</Badge>}
                  {e.role === 'player' && e.status !== 'requested' && (
                    <span className="text-xs text-muted">{t('player.record', { points: e.points, wins: e.wins, losses: e.losses })}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>

      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setAsking(null)}
          title={t(`actions.${asking}.title`)}
          description={t(`actions.${asking}.description`, { name: p.display_name })}
          confirmLabel={t(`actions.${asking}.confirm`)}
          onConfirm={async () => {
            await runAccountAction(p.id, asking);
            await client.invalidateQueries({ queryKey: adminKey });
          }}
        />
      )}
    </AdminLayout>
  );
}
