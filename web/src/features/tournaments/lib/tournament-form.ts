import type { Tournament } from '../api/list-tournaments';
import type { TournamentInput } from '../api/save-tournament';

export type Preset = TournamentInput['preset'];
export type Scoring = NonNullable<TournamentInput['scoring']>;

/** SPEC §9: points for a win against a higher-ranked player, against a lower-ranked one, a defeat. */
export const PRESETS: Record<Exclude<Preset, 'custom'>, Scoring> = {
  standard: { win_vs_higher: 3, win_vs_lower: 2, defeat: -1 },
  aggressive: { win_vs_higher: 5, win_vs_lower: 3, defeat: -2 },
  conservative: { win_vs_higher: 2, win_vs_lower: 1, defeat: 0 },
  tennis_style: { win_vs_higher: 4, win_vs_lower: 2, defeat: -1 },
};
export const PRESET_NAMES = [...(Object.keys(PRESETS) as (keyof typeof PRESETS)[]), 'custom'] as const satisfies readonly Preset[];

/** The server's bounds (internal/ladder, service/tournaments.go), repeated only to guide the inputs. */
export const POINTS_MIN = -10;
export const POINTS_MAX = 20;

/** "+3", "0", "−1" (a real minus sign, so it reads and wraps as one token). */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');

/** The scoring a preset gives (custom: the values typed). */
export const scoringOf = (preset: Preset, custom: Scoring): Scoring => (preset === 'custom' ? custom : PRESETS[preset]);

/** Form state: numbers as typed (strings), so clearing a box does not turn it into 0. */
export interface TournamentValues {
  name: string;
  clubId: string;
  location: string;
  district: string;
  privacy: TournamentInput['privacy'];
  endDate: string;
  responseDays: string;
  maxRejections: string;
  rankingType: TournamentInput['ranking_type'];
  preset: Preset;
  winVsHigher: string;
  winVsLower: string;
  defeat: string;
  minGames: string;
  maxGames: string;
  periodWeeks: string;
  challengeRange: string;
  maxParticipants: string;
  specialRules: string;
  play: boolean;
}

/** The server's defaults (docs/DECISIONS.md), shown in the form from the start. */
export const DEFAULT_VALUES: TournamentValues = {
  name: '',
  clubId: '',
  location: '',
  district: '',
  privacy: 'public',
  endDate: '',
  responseDays: '7',
  maxRejections: '3',
  rankingType: 'points',
  preset: 'standard',
  winVsHigher: '3',
  winVsLower: '2',
  defeat: '-1',
  minGames: '1',
  maxGames: '4',
  periodWeeks: '2',
  challengeRange: '3',
  maxParticipants: '0',
  specialRules: '',
  play: true,
};

/** An existing tournament as form values (the edit dialog). */
export function valuesOf(t: Tournament): TournamentValues {
  return {
    name: t.name,
    clubId: t.club_id ? String(t.club_id) : '',
    location: t.location ?? '',
    district: t.district ?? '',
    privacy: t.privacy,
    endDate: t.end_date ?? '',
    responseDays: String(t.response_days),
    maxRejections: String(t.max_rejections),
    rankingType: t.ranking_type,
    preset: t.preset,
    winVsHigher: String(t.scoring.win_vs_higher),
    winVsLower: String(t.scoring.win_vs_lower),
    defeat: String(t.scoring.defeat),
    minGames: String(t.limits.min_games),
    maxGames: String(t.limits.max_games),
    periodWeeks: String(t.limits.period_weeks),
    challengeRange: String(t.challenge_range),
    maxParticipants: String(t.max_participants),
    specialRules: t.special_rules ?? '',
    play: false,
  };
}

/** A number box's value; an empty or broken one goes as NaN→0 and the server says what is wrong. */
const int = (s: string) => {
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : 0;
};

/** The request body: every field (PUT replaces the tournament); scoring is the preset's (the server uses it only with custom). */
export function bodyOf(v: TournamentValues): TournamentInput {
  const body: TournamentInput = {
    name: v.name.trim(),
    club_id: v.clubId ? Number(v.clubId) : 0,
    location: v.location.trim(),
    district: v.district,
    privacy: v.privacy,
    end_date: v.endDate,
    response_days: int(v.responseDays),
    max_rejections: int(v.maxRejections),
    ranking_type: v.rankingType,
    preset: v.preset,
    min_games: int(v.minGames),
    max_games: int(v.maxGames),
    period_weeks: int(v.periodWeeks),
    challenge_range: int(v.challengeRange),
    max_participants: int(v.maxParticipants),
    special_rules: v.specialRules.trim(),
    scoring: scoringOf(v.preset, { win_vs_higher: int(v.winVsHigher), win_vs_lower: int(v.winVsLower), defeat: int(v.defeat) }),
    play: v.play,
  };
  return body;
}

/** The form field a server error location belongs to (`scoring.defeat` → scoring; `club_id` → clubId). */
export const FIELD_OF: Record<string, keyof TournamentValues | 'scoring'> = {
  name: 'name',
  club_id: 'clubId',
  location: 'location',
  district: 'district',
  privacy: 'privacy',
  end_date: 'endDate',
  response_days: 'responseDays',
  max_rejections: 'maxRejections',
  ranking_type: 'rankingType',
  preset: 'preset',
  scoring: 'scoring',
  min_games: 'minGames',
  max_games: 'maxGames',
  period_weeks: 'periodWeeks',
  challenge_range: 'challengeRange',
  max_participants: 'maxParticipants',
  special_rules: 'specialRules',
};

export type FormErrors = Partial<Record<keyof TournamentValues | 'scoring', string>>;

/** The server's per-field errors, keyed by form field; the first error of a field wins. */
export function formErrorsOf(fieldErrors: Record<string, string>): FormErrors {
  const out: FormErrors = {};
  for (const [location, message] of Object.entries(fieldErrors)) {
    const field = FIELD_OF[location.split('.')[0]];
    if (field) out[field] ??= message;
  }
  return out;
}

/** Today as YYYY-MM-DD in the viewer's time zone (the end date's minimum). */
export function todayISO(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
