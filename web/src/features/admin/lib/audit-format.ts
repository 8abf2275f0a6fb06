import type { TFunction } from 'i18next';

/** One line of an audit row's details: a change (before → after) or a fact (label: value). */
export interface DetailLine {
  key: string;
  label: string;
  before?: string;
  after?: string;
  value?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An action's translation key: dots would nest i18next keys, so "club.validated" → "club_validated". */
export const actionKey = (action: string) => `actions.${action.replace(/\./g, '_')}`;

/** A stored value as a reader should see it: states and roles translated, ids as #id, lists joined. */
export function formatValue(key: string, v: unknown, t: TFunction): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
  if (typeof v === 'number') return ['user', 'winner', 'loser', 'tournament', 'replaced'].includes(key) ? `#${v}` : String(v);
  if (typeof v === 'string') return t(`values.${v}`, { defaultValue: v });
  if (Array.isArray(v)) {
    if (v.length === 0) return '—';
    return v
      .map((x) => {
        if (isObject(x) && 'name' in x) return String(x.name);
        if (isObject(x) && 'user' in x && 'from' in x && 'to' in x) return `#${String(x.user)}: ${String(x.from)} → ${String(x.to)}`;
        if (Array.isArray(x) && x.length === 2) return `${String(x[0])} → ${String(x[1])}`;
        return formatValue(key, x, t);
      })
      .join(', ');
  }
  if (isObject(v)) {
    const parts = Object.entries(v).map(([k, x]) => `${t(`kinds.${k}`, { defaultValue: t(`detail.${k}`, { defaultValue: k }) })}: ${formatValue(k, x, t)}`);
    return parts.length ? parts.join(' · ') : '—';
  }
  return JSON.stringify(v);
}

/**
 * The details of an audit row as lines: first the change (from → to) when the action recorded
 * one, then every other fact in a stable order.
 */
export function detailLines(details: Record<string, unknown>, t: TFunction): DetailLine[] {
  const lines: DetailLine[] = [];
  if ('from' in details || 'to' in details) {
    lines.push({ key: 'change', label: t('detail.change'), before: formatValue('from', details.from, t), after: formatValue('to', details.to, t) });
  }
  for (const key of Object.keys(details).sort()) {
    if (key === 'from' || key === 'to') continue;
    const v = details[key];
    if (Array.isArray(v) && v.length === 0) continue; // "nothing removed" says nothing
    lines.push({ key, label: t(`detail.${key}`, { defaultValue: key }), value: formatValue(key, details[key], t) });
  }
  return lines;
}

/** Where a target lives in the app, when it has a page. */
export function targetPath(type: string, id?: number): string | undefined {
  if (!id) return undefined;
  if (type === 'club') return `/clubs/${id}`;
  if (type === 'tournament') return `/tournaments/${id}`;
  if (type === 'user') return `/players/${id}`;
  return undefined;
}

/** Bytes for people: 1.5 MB, 820 KB. */
export function formatBytes(n: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) (v /= 1024), i++;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

/** A duration in whole seconds as "3 d 4 h", "5 h 12 m", "42 m", "<1 m" (units from translations). */
export function formatUptime(seconds: number, t: TFunction): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return t('uptime.dh', { d, h });
  if (h > 0) return t('uptime.hm', { h, m });
  if (m > 0) return t('uptime.m', { m });
  return t('uptime.lessThanMinute');
}
