import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { Challenge } from '../api/list-challenges';
import type { Match } from '../api/list-matches';

type Tone = 'amber' | 'green' | 'red' | 'slate' | 'blue' | 'violet';

// Every pair keeps at least 4.5:1 contrast for the small text, in both themes.
const tones: Record<Tone, string> = {
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  slate: 'bg-slate-200 text-slate-800 dark:bg-slate-400/15 dark:text-slate-200',
  blue: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200',
};

export function Badge({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span data-testid={testId} className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>
      {children}
    </span>
  );
}

const challengeTones: Record<Challenge['status'], Tone> = {
  pending: 'amber',
  accepted: 'green',
  rejected: 'red',
  expired: 'slate',
  cancelled: 'slate',
  completed: 'blue',
};

export function ChallengeStatusBadge({ status }: { status: Challenge['status'] }) {
  const { t } = useTranslation('challenges');
  return (
    <Badge tone={challengeTones[status]} testId="challenge-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

const matchTones: Record<Match['state'], Tone> = {
  waiting_opponent: 'amber',
  time_proposed: 'amber',
  time_confirmed: 'green',
  in_progress: 'violet',
  result_reported: 'blue',
  result_disputed: 'red',
  completed: 'slate',
  cancelled: 'slate',
};

export function MatchStateBadge({ state }: { state: Match['state'] }) {
  const { t } = useTranslation('challenges');
  return (
    <Badge tone={matchTones[state]} testId="match-state">
      {t(`state.${state}`)}
    </Badge>
  );
}
