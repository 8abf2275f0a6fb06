import { Award, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Popups } from '@/lib/gamification';

/** How long the popup stays when nobody points at it or focuses it. */
export const POPUP_MS = 10_000;

/**
 * The popup of new achievements and a level up: a card at the bottom left (clear of the floating
 * buttons on the right and of the toasts at the top), that
 * does not block the page (no overlay, no focus trap): it is announced politely, closes with its
 * button or Escape, and leaves by itself after POPUP_MS unless pointed at or focused. Motion only
 * when the reader allows it (motion-safe).
 */
export default function PopupCard({ popups, onClose }: { popups: Popups; onClose: () => void }) {
  const { t } = useTranslation('gamification');
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onClose, POPUP_MS);
    return () => clearTimeout(timer);
  }, [held, onClose]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const title =
    popups.achievements.length > 0
      ? t('popup.achievementTitle', { count: popups.achievements.length })
      : t('popup.levelTitle', { level: popups.level });
  return (
    <div
      ref={ref}
      role="region"
      aria-label={title}
      aria-live="polite"
      data-testid="gamification-popup"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !ref.current?.contains(e.relatedTarget as Node) && setHeld(false)}
      className="fixed bottom-4 left-4 z-[55] w-[min(22rem,calc(100vw-6rem))] rounded-2xl border border-border bg-surface p-4 text-fg shadow-2xl motion-safe:animate-rise-in"
    >
      <div className="flex items-start gap-2 pr-8">
        <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-brand motion-safe:animate-pulse" aria-hidden="true" />
        <p className="font-semibold">{title}</p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('popup.close')}
        className="absolute right-2 top-2 grid h-8 w-8 cursor-pointer place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
      {popups.level > 0 && (
        <p className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm font-semibold" data-testid="popup-level">
          {t('popup.levelUp', { level: popups.level })}
        </p>
      )}
      <ul className="mt-3 grid max-h-64 gap-2 overflow-y-auto">
        {popups.achievements.map((code) => (
          <li key={code} className="flex items-start gap-3" data-testid={`popup-${code}`}>
            <span
              className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100"
              aria-hidden="true"
            >
              <Award className="h-4 w-4" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold">{t(`achievements.${code}.name`)}</p>
              <p className="text-xs text-muted">{t(`achievements.${code}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/gamification" onClick={onClose} className="mt-3 inline-block text-sm font-medium text-brand underline-offset-2 hover:underline">
        {t('popup.seeAll')}
      </Link>
    </div>
  );
}
