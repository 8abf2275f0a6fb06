import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { request } from '@/lib/api';
import { adminKey } from './keys';

export type DashboardCounts = components['schemas']['DashboardOutputBody'];

export function getDashboard() {
  return request((api) => api.GET('/api/admin/dashboard'), { errorToast: false });
}

export const dashboardQuery = () => queryOptions({ queryKey: [...adminKey, 'dashboard'] as const, queryFn: getDashboard });
