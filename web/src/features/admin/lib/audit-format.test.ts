import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionKey, detailLines, formatBytes, formatUptime, formatValue, targetPath } from './audit-format';

// A t that shows which key it was asked for, or the default value when given.
const t = ((key: string, opts?: Record<string, unknown>) =>
  opts && 'defaultValue' in opts ? String(opts.defaultValue) : `[${key}${opts ? ' ' + JSON.stringify(opts) : ''}]`) as unknown as TFunction;

describe('audit details', () => {
  it('puts the change first, then the facts in a stable order', () => {
    const lines = detailLines({ to: 'rejected', reason: 'duplicado', from: 'pending', name: 'Clube B' }, t);
    expect(lines.map((l) => l.key)).toEqual(['change', 'name', 'reason']);
    expect(lines[0]).toMatchObject({ before: 'pending', after: 'rejected' });
    expect(lines[2]).toMatchObject({ label: 'reason', value: 'duplicado' });
    expect(detailLines({ clubs: [], counts: { sessions: 0 } }, t).map((l) => l.key)).toEqual(['counts']);
  });

  it('writes ids, lists, moves, counts and booleans readably', () => {
    expect(formatValue('user', 12, t)).toBe('#12');
    expect(formatValue('score', 3, t)).toBe('3');
    expect(formatValue('clubs', [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], t)).toBe('A, B');
    expect(formatValue('moves', [{ user: 4, from: 2, to: 1 }], t)).toBe('#4: 2 → 1');
    expect(formatValue('counts', { sessions: 2, challenges: 0 }, t)).toBe('sessions: 2 · challenges: 0');
    expect(formatValue('by_player', true, t)).toBe('[yes]');
    expect(formatValue('reason', '', t)).toBe('—');
    expect(formatValue('clubs', [], t)).toBe('—');
  });

  it('keys actions without dots and links targets that have a page', () => {
    expect(actionKey('tournament.request_approved')).toBe('actions.tournament_request_approved');
    expect(targetPath('club', 3)).toBe('/clubs/3');
    expect(targetPath('user', 9)).toBe('/players/9');
    expect(targetPath('match', 9)).toBeUndefined();
    expect(targetPath('system')).toBeUndefined();
  });

  it('formats sizes and uptimes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatUptime(30, t)).toBe('[uptime.lessThanMinute]');
    expect(formatUptime(3 * 86400 + 4 * 3600 + 5, t)).toBe('[uptime.dh {"d":3,"h":4}]');
    expect(formatUptime(2 * 3600 + 7 * 60, t)).toBe('[uptime.hm {"h":2,"m":7}]');
  });
});
