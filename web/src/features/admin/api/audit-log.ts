import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type AuditItem = components['schemas']['AuditItemView'];

/** The system logs' filters, as they stand in the page's URL (dates are local YYYY-MM-DD days). */
export interface AuditFilters {
  actor: string; // an email
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilters = { actor: '', actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export const AUDIT_PAGE_SIZE = 30;

/** A local calendar day's start as an instant; `next` gives the following day's (an exclusive end). */
export function dayStart(day: string, next = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (next ? 1 : 0));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The query string of GET /api/admin/audit: empty filters are left out; "to" includes its whole day. */
export function auditQueryParams(f: AuditFilters, cursor?: string) {
  const q: Record<string, string | number> = { limit: AUDIT_PAGE_SIZE };
  if (f.actor.trim()) q.actor_email = f.actor.trim();
  if (/^\d+$/.test(f.actorId)) q.actor_id = Number(f.actorId);
  if (f.action) q.action = f.action;
  if (f.targetType) q.target_type = f.targetType;
  if (f.targetType && /^\d+$/.test(f.targetId)) q.target_id = Number(f.targetId);
  const from = dayStart(f.from);
  const to = dayStart(f.to, true);
  if (from) q.from = from;
  if (to) q.to = to;
  if (cursor) q.cursor = cursor;
  return q;
}

export const auditKey = ['admin', 'audit'] as const;

export function auditQuery(f: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...auditKey, f] as const,
    queryFn: ({ pageParam }) =>
      request((api) => api.GET('/api/admin/audit', { params: { query: auditQueryParams(f, pageParam || undefined) as never } }), {
        errorToast: false,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor || undefined,
  });
}
