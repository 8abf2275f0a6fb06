import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type AvatarBadgeColor = 'yellow' | 'gray' | 'orange' | 'blue' | 'green' | 'red';

export const AVATAR_SIZES: AvatarSize[] = ['xs', 'sm', 'md', 'lg', 'xl'];
export const AVATAR_BADGE_COLORS: AvatarBadgeColor[] = ['yellow', 'gray', 'orange', 'blue', 'green', 'red'];

const sizes: Record<AvatarSize, { box: string; icon: string; badge: string }> = {
  xs: { box: 'h-6 w-6', icon: 'h-3.5 w-3.5', badge: 'text-[9px] px-1' },
  sm: { box: 'h-8 w-8', icon: 'h-4.5 w-4.5', badge: 'text-[9px] px-1' },
  md: { box: 'h-10 w-10', icon: 'h-5.5 w-5.5', badge: 'text-[10px] px-1.5' },
  lg: { box: 'h-14 w-14', icon: 'h-8 w-8', badge: 'text-[11px] px-1.5' },
  xl: { box: 'h-20 w-20', icon: 'h-11 w-11', badge: 'text-xs px-2' },
};

// Every pair keeps at least 4.5:1 contrast for the badge's small text.
const badgeColors: Record<AvatarBadgeColor, string> = {
  yellow: 'bg-yellow-300 text-yellow-950',
  gray: 'bg-slate-600 text-white',
  orange: 'bg-orange-700 text-white',
  blue: 'bg-blue-700 text-white',
  green: 'bg-green-700 text-white',
  red: 'bg-red-700 text-white',
};

export interface AvatarProps {
  photoUrl?: string | null;
  /** The person's name: the image's alt text (else a translated 'player'). */
  name?: string | null;
  size?: AvatarSize;
  /** Optional badge under the picture (e.g. a role). */
  badgeText?: string | null;
  badgeColor?: AvatarBadgeColor;
  className?: string;
}

/**
 * The player avatar of spec §2: a round picture in five sizes, a generic person icon without a
 * photo (or when the photo fails to load), and an optional coloured badge (gray by default).
 */
export function Avatar({ photoUrl, name, size = 'md', badgeText, badgeColor = 'gray', className }: AvatarProps) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const label = name?.trim() || t('avatar.player');
  const s = sizes[size];
  const showPhoto = !!photoUrl && failedUrl !== photoUrl;

  return (
    <span data-size={size} className={cn('relative inline-flex shrink-0', className)}>
      {showPhoto ? (
        <img
          src={photoUrl}
          alt={label}
          className={cn(s.box, 'rounded-full bg-surface-2 object-cover ring-2 ring-surface')}
          referrerPolicy="no-referrer"
          loading="lazy"
          decoding="async"
          onError={() => setFailedUrl(photoUrl)}
        />
      ) : (
        <span
          role="img"
          aria-label={label}
          className={cn(s.box, 'grid place-items-center rounded-full bg-surface-2 text-muted ring-2 ring-surface')}
        >
          <UserRound data-testid="avatar-icon" className={s.icon} aria-hidden="true" />
        </span>
      )}
      {badgeText && (
        <span
          data-color={badgeColor}
          className={cn(
            'absolute -bottom-1.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full py-px font-bold uppercase leading-tight tracking-wide ring-2 ring-surface',
            s.badge,
            badgeColors[badgeColor],
          )}
        >
          {badgeText}
        </span>
      )}
    </span>
  );
}
