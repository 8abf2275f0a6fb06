import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person';
import { useSession } from '@/lib/SessionProvider';
import type { TournamentDetail } from '../api/get-tournament';
import { standingsQuery, type Standing } from '../api/tournament-data';
import { canChallenge, challengeSpan, moveFocus, PYRAMID_FROM, pyramidRows, type BracketKey } from '../lib/bracket';
import { Empty, QueryState } from './QueryState';

type View = 'pyramid' | 'rungs';
const KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** "Ana Silva" → "Ana S.": pyramid nodes are narrow. */
const shortName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  return rest.length ? `${first} ${rest[rest.length - 1][0]}.` : first;
};

/** Wide screens start on the pyramid when the ladder is big enough; phones on the rungs. */
function initialView(count: number): View {
  const wide = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 640px)').matches;
  return wide && count >= PYRAMID_FROM ? 'pyramid' : 'rungs';
}

interface LadderProps {
  items: Standing[];
  range: number;
  viewerId?: number;
  label: string;
}

function Ladder({ items, range, viewerId, label }: LadderProps) {
  const { t } = useTranslation('tournament');
  const name = usePersonName();
  const count = items.length;
  const own = items.find((s) => s.player.id === viewerId)?.position ?? null;
  const [view, setView] = useState<View>(() => initialView(count));
  const [selected, setSelected] = useState<number | null>(own);
  const [focusState, setFocus] = useState<number>(own ?? 1);
  // The ladder may have shrunk since (a player removed): keep one node in the tab order.
  const focus = Math.min(Math.max(focusState, 1), count);
  const boxRef = useRef<HTMLDivElement>(null);
  const byPosition = new Map(items.map((s) => [s.position, s]));
  const pick = selected !== null ? byPosition.get(selected) : undefined;
  const span = pick ? challengeSpan(range, pick.position, count) : null;
  const rows = pyramidRows(count);
  // Names fit while the widest row holds up to 10 players; bigger pyramids show numbers only
  // (the full name stays in each node's accessible name and in the summary above).
  const widest = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const named = view === 'rungs' || widest <= 10;

  function onKeyDown(event: KeyboardEvent) {
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    const next = moveFocus(focus, event.key as BracketKey, count, view === 'pyramid');
    setFocus(next);
    boxRef.current?.querySelector<HTMLElement>(`[data-position="${next}"]`)?.focus();
  }

  function node(position: number) {
    const s = byPosition.get(position);
    if (!s) return null;
    const isSelected = selected === position;
    const reachable = selected !== null && canChallenge(range, selected, position);
    const idle = s.status !== 'active';
    return (
      <button
        key={position}
        type="button"
        data-position={position}
        data-reachable={reachable || undefined}
        tabIndex={focus === position ? 0 : -1}
        aria-pressed={isSelected}
        onClick={() => {
          setSelected(isSelected ? null : position);
          setFocus(position);
        }}
        className={cn(
          'flex cursor-pointer items-center gap-1.5 rounded-lg text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          view === 'rungs' ? 'w-full px-3 py-2 text-left' : named ? 'h-10 min-w-10 justify-center px-2 sm:w-24' : 'h-10 min-w-10 justify-center px-2',
          // One class per property: cn() does not merge conflicting Tailwind classes.
          position === own && !isSelected ? 'border-2 border-dashed' : 'border',
          isSelected || reachable || position === own ? 'border-brand' : 'border-border',
          isSelected ? 'bg-brand' : reachable ? 'bg-brand/15' : 'bg-surface hover:bg-surface-2',
          isSelected ? 'text-brand-fg' : idle ? 'text-muted' : 'text-fg',
        )}
      >
        <span className="font-bold tabular-nums">{position}</span>{' '}
        {named && (
          <span aria-hidden="true" className={cn('min-w-0 truncate', view === 'pyramid' && 'hidden text-xs sm:block')}>
            {view === 'pyramid' ? shortName(name(s.player)) : name(s.player)}
          </span>
        )}
        <span className="sr-only">
          {name(s.player)}
          {position === own && `, ${t('ranking.you')}`}
          {idle && `, ${t(`playerStatus.${s.status}`)}`}
          {reachable && `, ${t('bracket.reachable')}`}
        </span>
      </button>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('bracket.hint')}</p>
        <div role="group" aria-label={t('bracket.view')} className="inline-flex rounded-lg border border-border bg-surface-2 p-0.5">
          {(['pyramid', 'rungs'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                view === v ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {t(`bracket.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <p aria-live="polite" className="min-h-6 text-sm font-medium text-fg" data-testid="bracket-summary">
        {pick && span
          ? range === 0
            ? t('bracket.selectedAnyone', { name: name(pick.player) })
            : t('bracket.selected', { name: name(pick.player), position: pick.position, first: span.first, last: span.last })
          : pick
            ? t('bracket.selectedAlone', { name: name(pick.player) })
            : t('bracket.noneSelected')}
      </p>
      <div ref={boxRef} role="group" aria-label={label} onKeyDown={onKeyDown} className="overflow-x-auto rounded-2xl border border-border bg-surface p-3 shadow-sm sm:p-5" data-testid="bracket">
        {view === 'pyramid' ? (
          <div className="mx-auto flex w-max min-w-full flex-col items-center gap-2">
            {rows.map((row) => (
              <div key={row[0]} className="flex justify-center gap-1.5 sm:gap-2">
                {row.map(node)}
              </div>
            ))}
          </div>
        ) : (
          <ol className="space-y-1.5">
            {items.map((s) => (
              <li key={s.position}>{node(s.position)}</li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/** The ladder drawn as a pyramid or rungs; selecting a player shows whom they may challenge. */
export function BracketTab({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation('tournament');
  const { user } = useSession();
  const query = useQuery(standingsQuery(user?.id ?? 0, tournament.id));
  return (
    <QueryState query={query}>
      {(standings) =>
        standings.items.length === 0 ? (
          <Empty>{t('ranking.empty')}</Empty>
        ) : (
          <Ladder items={standings.items} range={standings.challenge_range} viewerId={user?.id} label={t('bracket.label', { name: tournament.name })} />
        )
      }
    </QueryState>
  );
}
