import { BarChart3, CalendarClock, Lock, Mail, MapPin, MessageCircle, Pencil, Phone, Send, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageButton } from '@/components/MessageButton';
import { PresenceBadge } from '@/components/PresenceBadge';
import { Avatar } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { placeNames, useDistricts } from '@/lib/geo';
import { formatPhone } from '@/lib/phone';
import type { Player } from '../api/get-player';
import { HomeClubFact } from './HomeClubFact';
import { ProfileSummary } from './ProfileSummary';
import { WeeklyAvailability } from './WeeklyAvailability';

export const CONTACT_FIELDS = ['email', 'phone', 'whatsapp', 'signal', 'telegram'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

const ICONS: Record<ContactField, LucideIcon> = { email: Mail, phone: Phone, whatsapp: MessageCircle, signal: MessageCircle, telegram: Send };

const digits = (phone: string) => phone.replace(/[^\d]/g, '');
const isPhone = (value: string) => /^\+?\d{6,}$/.test(value);

/** Where a contact detail links to (none for a Signal username: it has no public link). */
export function contactHref(field: ContactField, value: string): string | null {
  switch (field) {
    case 'email':
      return `mailto:${value}`;
    case 'phone':
      return `tel:${value}`;
    case 'whatsapp':
      return `https://wa.me/${digits(value)}`;
    case 'signal':
      return isPhone(value) ? `https://signal.me/#p/+${digits(value)}` : null;
    case 'telegram':
      return value.startsWith('@') ? `https://t.me/${value.slice(1)}` : isPhone(value) ? `https://t.me/+${digits(value)}` : null;
  }
}

/** The contact details this viewer may see: only fields the server sent and that are filled in. */
export function visibleContacts(player: Player): [ContactField, string][] {
  return CONTACT_FIELDS.flatMap((f) => {
    const value = player[f];
    return typeof value === 'string' && value.trim() !== '' ? [[f, value] as [ContactField, string]] : [];
  });
}

/**
 * The enhanced public player profile (spec §2 /players/{id}), also the own profile as others see
 * it (/profile/enhanced): avatar, name, status, place, member since, age and gender when set, the
 * weekly availability, the contacts this viewer may see, and the sections later issues fill.
 */
export function PlayerProfile({ player, banner }: { player: Player; banner?: ReactNode }) {
  const { t, i18n } = useTranslation('players');
  const { t: tc } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const districts = useDistricts();
  const place = placeNames(districts.data, player.district, player.municipality);
  const name = player.display_name || tc('avatar.player');
  const contacts = visibleContacts(player);
  const since = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(new Date(player.member_since));
  const facts: [string, string][] = [];
  if (place.municipality || place.district) facts.push([t('facts.location'), [place.municipality, place.district].filter(Boolean).join(', ')]);
  facts.push([t('facts.memberSince'), since]);
  if (player.age != null) facts.push([t('facts.age'), t('facts.years', { count: player.age })]);
  if (player.gender) facts.push([t('facts.gender'), t(`gender.${player.gender}`, { defaultValue: player.gender })]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {banner}
      <header className="flex flex-col items-center gap-5 rounded-2xl border border-border bg-surface p-6 text-center shadow-sm sm:flex-row sm:items-center sm:text-left">
        <Avatar photoUrl={player.photo_url} name={name} size="xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap">
            <PageTitle title={name} className="break-words text-2xl sm:text-3xl" />
            {player.status !== 'active' && (
              <span
                data-testid="status-badge"
                className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
              >
                {tc(`status.${player.status}`, { defaultValue: player.status })}
              </span>
            )}
            {!player.is_self && <PresenceBadge userId={player.id} />}
            {player.role !== 'player' && (
              <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg">
                {tc(`roles.${player.role}`, { defaultValue: player.role })}
              </span>
            )}
          </div>
          {place.municipality || place.district ? (
            <p className="mt-1 flex items-center justify-center gap-1 text-muted sm:justify-start">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {[place.municipality, place.district].filter(Boolean).join(', ')}
            </p>
          ) : null}
        </div>
        {!player.is_self && <MessageButton userId={player.id} name={name} size="md" />}
        <Link to={`/players/${player.id}/stats`} className={buttonClasses('outline', 'md')} data-testid="stats-link">
          <BarChart3 className="h-4 w-4" aria-hidden="true" />
          {t('statistics')}
        </Link>
        {player.is_self && !banner && (
          <Link to="/profile" className={buttonClasses('outline', 'md')}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t('edit')}
          </Link>
        )}
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="space-y-6">
          <SectionCard compact icon={UserRound} title={t('about')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-medium text-fg">{value}</dd>
                </div>
              ))}
              {player.club_id ? <HomeClubFact id={player.club_id} /> : null}
            </dl>
          </SectionCard>

          <SectionCard compact icon={Phone} title={t('contacts.title')}>
            {contacts.length > 0 ? (
              <ul className="space-y-2" data-testid="contacts">
                {contacts.map(([field, value]) => {
                  const Icon = ICONS[field];
                  const href = contactHref(field, value);
                  const external = href?.startsWith('https://');
                  return (
                    <li key={field} className="flex items-center gap-3">
                      <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-brand" aria-hidden="true">
                        <Icon className="h-4 w-4" />
                      </span>
                      <span className="min-w-0">
                        <span className="block text-xs text-muted">{t(`contacts.${field}`)}</span>
                        {href ? (
                          <a
                            href={href}
                            className="break-all font-medium text-brand underline-offset-2 hover:underline"
                            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                          >
                            {formatPhone(value)}
                          </a>
                        ) : (
                          <span className="break-all font-medium text-fg">{value}</span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="flex items-start gap-2 text-sm text-muted" data-testid="contacts-private">
                <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {player.is_self ? t('contacts.noneOwn') : player.contact_visible ? t('contacts.none', { name }) : t('contacts.private', { name })}
              </p>
            )}
            {player.is_self && player.contact_visibility && (
              <p className="mt-4 border-t border-border pt-3 text-sm text-muted">
                {t('contacts.ownSetting', { who: t(`contacts.visibility.${player.contact_visibility}`, { defaultValue: player.contact_visibility }) })}{' '}
                <Link to="/settings" className="font-medium text-brand underline-offset-2 hover:underline">
                  {t('contacts.change')}
                </Link>
              </p>
            )}
          </SectionCard>
        </div>

        <SectionCard compact icon={CalendarClock} title={t('availability.title')}>
          <WeeklyAvailability slots={player.availability} timezone={player.timezone || 'Europe/Lisbon'} />
        </SectionCard>
      </div>

      <ProfileSummary playerId={player.id} />
    </div>
  );
}
