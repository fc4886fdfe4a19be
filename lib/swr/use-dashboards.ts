'use client';

import useSWR from 'swr';
import type { DashboardFilters, Widget, WidgetDisplay, WidgetInput } from '@/lib/zod/dashboards';
import type { ExploreQueryInput } from '@/lib/zod/explore';
import { api, fetcher } from './fetcher';

export type Dashboard = {
  id: string;
  name: string;
  filters: DashboardFilters;
  widgets: Widget[];
  starterOf: string | null;
  createdBy: { id: string; name: string; email: string } | null;
  canDelete: boolean;
  createdAt: string;
  updatedAt: string;
};

const BASE = '/api/v1/organization/dashboards';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export function useDashboards() {
  const { data, error, isLoading, mutate } = useSWR<Dashboard[]>(BASE, fetcher);
  return { dashboards: data, error, isLoading, mutate };
}

export function useDashboard(id: string) {
  const { data, error, isLoading, mutate } = useSWR<Dashboard>(one(id), fetcher, { revalidateOnFocus: false });
  return { dashboard: data, error, isLoading, mutate };
}

export const createDashboard = (body: { name: string; widgets?: WidgetInput[] }) =>
  api<Dashboard>(BASE, { method: 'POST', body });

export const updateDashboard = (
  id: string,
  body: { name?: string; filters?: DashboardFilters; widgets?: WidgetInput[] },
) => api<Dashboard>(one(id), { method: 'PATCH', body });

export const deleteDashboard = (id: string) => api<null>(one(id), { method: 'DELETE' });

export const addWidget = (id: string, body: { title: string; display: WidgetDisplay; query: ExploreQueryInput }) =>
  api<Dashboard>(`${one(id)}/widgets`, { method: 'POST', body });
