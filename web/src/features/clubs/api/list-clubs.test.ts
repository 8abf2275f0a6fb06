import { describe, expect, it } from 'vitest';
import { clubsQueryParams, flattenPages, type Club } from './list-clubs';

const base = { q: '', district: '', municipality: '', status: 'validated' as const };

describe('club list query', () => {
  it('leaves out empty filters and the default status', () => {
    expect(clubsQueryParams(base)).toEqual({ limit: 24 });
  });
  it('sends search, place, status and cursor', () => {
    expect(clubsQueryParams({ q: ' foz ', district: '13', municipality: '1312', status: 'pending' }, 'abc')).toEqual({
      limit: 24,
      q: 'foz',
      district: '13',
      municipality: '1312',
      status: 'pending',
      cursor: 'abc',
    });
  });
  it('drops a municipality without a district', () => {
    expect(clubsQueryParams({ ...base, municipality: '1312' })).toEqual({ limit: 24 });
  });
  it('joins pages without repeats', () => {
    const c = (id: number) => ({ id }) as Club;
    expect(flattenPages([{ items: [c(1), c(2)] }, { items: [c(2), c(3)] }]).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
