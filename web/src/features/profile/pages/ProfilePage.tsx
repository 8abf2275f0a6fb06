import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Eye, PauseCircle, UserRound } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { PageTitle } from '@/components/ui/PageTitle';
import { SectionCard } from '@/components/ui/SectionCard';
import { PageSpinner } from '@/components/ui/Spinner';
import { UnsavedChangesPrompt } from '@/components/ui/UnsavedChangesPrompt';
import type { Slot } from '@/lib/availability';
import { useSession } from '@/lib/SessionProvider';
import { userName, type SessionUser } from '@/lib/user';
import { profileKey, profileQuery, type Profile } from '../api/get-profile';
import { AvailabilityEditor } from '../components/AvailabilityEditor';
import { PauseSection } from '../components/PauseSection';
import { PhotoSection } from '../components/PhotoSection';
import { ProfileForm } from '../components/ProfileForm';

/**
 * /profile: the own profile editor (spec §2): photo, personal details, weekly availability and
 * pausing. Leaving with unsaved edits asks first.
 */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? 0;
  const query = useQuery(profileQuery(userId));
  const [formDirty, setFormDirty] = useState(false);
  const [availabilityDirty, setAvailabilityDirty] = useState(false);

  const patch = useCallback(
    (change: Partial<Profile>) => queryClient.setQueryData(profileKey(userId), (p: Profile | undefined) => (p ? { ...p, ...change } : p)),
    [queryClient, userId],
  );

  const onProfileSaved = useCallback(
    (profile: Profile) => {
      queryClient.setQueryData(profileKey(userId), profile);
      void refresh(); // the header shows the new name
    },
    [queryClient, userId, refresh],
  );
  const onPhotoChanged = useCallback(
    (photo_url: string) => {
      // Without an own photo the sign-in account's picture comes back: the server knows it.
      if (photo_url) patch({ photo_url });
      else void queryClient.invalidateQueries({ queryKey: profileKey(userId) });
      void refresh(); // the header avatar shows the new photo
    },
    [patch, queryClient, userId, refresh],
  );
  const onAvailabilitySaved = useCallback((availability: Slot[]) => patch({ availability }), [patch]);
  const onStatusChanged = useCallback(
    (u: SessionUser) => {
      patch({ status: u.status });
      void refresh();
    },
    [patch, refresh],
  );

  const profile = query.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle title={tc('pages.profile')} />
          <p className="mt-2 text-muted">{t('intro')}</p>
        </div>
        <Link to="/profile/enhanced" className={buttonClasses('outline', 'md', 'shrink-0 self-start whitespace-nowrap sm:self-auto')}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          {t('viewPublic')}
        </Link>
      </div>

      {query.isPending ? (
        <PageSpinner />
      ) : query.isError || !profile ? (
        <LoadFailed className="mt-8" title={t('loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <div className="mt-8 space-y-6">
          <section aria-label={t('photo.title')} className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6">
            <PhotoSection photoUrl={profile.photo_url} name={userName(profile)} onChanged={onPhotoChanged}>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center justify-center gap-2 text-xl font-semibold text-fg sm:justify-start">
                  <span className="break-words">{userName(profile)}</span>
                  {profile.status !== 'active' && (
                    <span
                      data-testid="status-badge"
                      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
                    >
                      <PauseCircle className="h-3.5 w-3.5" aria-hidden="true" />
                      {tc(`status.${profile.status}`)}
                    </span>
                  )}
                </p>
                <p className="break-all text-sm text-muted">{profile.email}</p>
              </div>
            </PhotoSection>
          </section>

          <SectionCard icon={UserRound} title={t('details.title')} intro={t('details.intro')}>
            <ProfileForm profile={profile} onSaved={onProfileSaved} onDirtyChange={setFormDirty} />
          </SectionCard>

          <SectionCard id="availability" icon={CalendarClock} title={t('availability.title')} intro={t('availability.intro')}>
            <AvailabilityEditor
              slots={profile.availability}
              timezone={profile.timezone || 'Europe/Lisbon'}
              onSaved={onAvailabilitySaved}
              onDirtyChange={setAvailabilityDirty}
            />
          </SectionCard>

          <SectionCard icon={PauseCircle} title={t('pause.title')}>
            <PauseSection status={profile.status} onChanged={onStatusChanged} />
          </SectionCard>
        </div>
      )}
      <UnsavedChangesPrompt when={formDirty || availabilityDirty} />
    </div>
  );
}
