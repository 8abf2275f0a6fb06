import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, request } from '@/lib/api';

export type ClubDetail = components['schemas']['ClubDetailOutputBody'];
export type ClubMember = ClubDetail['members'][number];

export const clubKey = (viewerId: number, id: number) => ['clubs', 'detail', viewerId, id] as const;

export function getClub(id: number): Promise<ClubDetail> {
  return request((api) => api.GET('/api/clubs/{id}', { params: { path: { id } } }), { errorToast: false });
}

export function clubQuery(viewerId: number, id: number) {
  return queryOptions({
    queryKey: clubKey(viewerId, id),
    queryFn: () => getClub(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
