import { infiniteQueryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';

export type TransferPage = components['schemas']['ListTransfersOutputBody'];
export type Transfer = TransferPage['items'][number];
export type TransferBody = components['schemas']['TransferInputBody'];

export const TRANSFERS_PAGE_SIZE = 10;

export const transfersKey = (viewerId: number) => ['admin', 'transfers', viewerId] as const;

/** GET /api/admin/transfers?before=&limit=: the history, newest first, page by page. */
export function transfersQuery(viewerId: number) {
  return infiniteQueryOptions({
    queryKey: transfersKey(viewerId),
    queryFn: ({ pageParam }) =>
      request(
        (api) =>
          api.GET('/api/admin/transfers', {
            params: { query: pageParam ? { before: pageParam, limit: TRANSFERS_PAGE_SIZE } : { limit: TRANSFERS_PAGE_SIZE } },
          }),
        { errorToast: false },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before || undefined,
  });
}

/** POST /api/admin/transfers: runs the transfer (irreversible). */
export function runTransfer(body: TransferBody) {
  return request((api) => api.POST('/api/admin/transfers', { body }), { errorToast: false });
}
