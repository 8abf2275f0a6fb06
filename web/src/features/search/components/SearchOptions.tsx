import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { SearchResult } from '../api/search';

interface OptionProps {
  id: string;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}

const optionClasses = (selected: boolean) =>
  cn('flex w-full cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 text-left', selected ? 'bg-surface-2 ring-2 ring-ring' : 'hover:bg-surface-2');

/** A labelled group of options inside the listbox (recent searches, popular searches). */
export function OptionGroup({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  const id = useId();
  return (
    <li role="presentation" className="mb-2">
      <div id={id} role="presentation" className="flex items-center gap-2 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
        {label}
      </div>
      <ul role="group" aria-labelledby={id}>
        {children}
      </ul>
    </li>
  );
}

/** A recent or popular search: choosing it searches for its text. */
export function SuggestionOption({ text, icon: Icon, id, selected, onHover, onChoose }: OptionProps & { text: string; icon: LucideIcon }) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={optionClasses(selected)}
      onMouseMove={onHover}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
      <span className="min-w-0 truncate text-sm text-fg">{text}</span>
    </li>
  );
}

const BADGE: Record<string, string> = {
  tournament: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  club: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  player: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  challenge: 'bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100',
  other: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

const KNOWN = ['tournament', 'club', 'player', 'challenge'];

/** One result: its type badge, title, subtitle and description; a link to its page. */
export function ResultOption({ result, id, selected, onHover, onChoose }: OptionProps & { result: SearchResult }) {
  const { t } = useTranslation('search');
  const type = KNOWN.includes(result.type) ? result.type : 'other';
  // A challenge's description is its status, which the overlay names in the reader's language.
  const description = result.type === 'challenge' && result.description ? t(`challengeStatus.${result.description}`, result.description) : result.description;
  return (
    // The link is the option (ARIA allows role=option on a link): an option may not hold a link.
    <li role="presentation">
      <Link
        id={id}
        role="option"
        aria-selected={selected}
        to={result.url}
        tabIndex={-1}
        className={optionClasses(selected)}
        onMouseMove={onHover}
        onClick={(e) => {
          e.preventDefault();
          onChoose();
        }}
      >
        <span className={cn('mt-0.5 shrink-0 rounded-md px-2 py-0.5 text-xs font-semibold', BADGE[type])} data-testid="search-badge">
          {t(`types.${type}`)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-fg">{result.title}</span>
          {result.subtitle && <span className="block truncate text-sm text-muted">{result.subtitle}</span>}
          {description && <span className="line-clamp-2 block text-xs text-muted">{description}</span>}
        </span>
      </Link>
    </li>
  );
}
