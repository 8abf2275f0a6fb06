import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The ball mark plus the product name; links home. */
/** `compact` hides the name on narrow screens (the header needs the room; the link keeps its label). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-fg" aria-label={t('a11y.homeLink')}>
      <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#047857" />
        <circle cx="32" cy="32" r="18" fill="#d9f99d" />
        <path
          d="M17 22c8 4 8 16 0 20M47 22c-8 4-8 16 0 20"
          fill="none"
          stroke="#047857"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      </svg>
      <span className={compact ? 'hidden text-lg tracking-tight sm:inline' : 'text-lg tracking-tight'}>{t('app.name')}</span>
    </Link>
  );
}
