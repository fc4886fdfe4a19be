'use client';

import useSWR from 'swr';
import type { ExploreResult } from '@/lib/explore/shape-result';
import type { Sample } from '@/lib/explore/dataset';
import type { ChartType, ExploreQuery, ExploreQueryInput } from '@/lib/zod/explore';
import { exploreSearchParams } from '@/lib/zod/explore';
import { api, fetcher } from './fetcher';

export type { ExploreResult, Sample };
export type SavedQuery = {
  id: string;
  name: string;
  query: ExploreQuery;
  chart: ChartType;
  createdBy: { id: string; name: string; email: string } | null;
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
};

const BASE = '/api/v1/organization/explore';

/** The answer to a query; nothing is fetched for null. The last answer stays while the next one loads. */
export function useExplore(q: ExploreQueryInput | null) {
  const { data, error, isLoading, isValidating } = useSWR<ExploreResult>(
    q ? `${BASE}?${exploreSearchParams(q)}` : null,
    fetcher,
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  return { result: data, error, isLoading, isValidating };
}

/** The items behind one row of the table (its group values in group-by order). */
export function useExploreSamples(q: ExploreQueryInput, group: (string | null)[] | null) {
  const params = exploreSearchParams(q);
  if (group) params.set('group', JSON.stringify(group));
  const { data, error, isLoading } = useSWR<{ samples: Sample[]; meta: { sampled: boolean; sampleRate: number } }>(
    group ? `${BASE}/samples?${params}` : null,
    fetcher,
    { revalidateOnFocus: false },
  );
  return { samples: data, error, isLoading };
}

export function useSavedQueries() {
  const { data, error, isLoading, mutate } = useSWR<SavedQuery[]>(`${BASE}/saved`, fetcher);
  return { saved: data, error, isLoading, mutate };
}

export const saveQuery = (body: { name: string; query: ExploreQueryInput; chart: ChartType }) =>
  api<SavedQuery>(`${BASE}/saved`, { method: 'POST', body });

export const updateSavedQuery = (id: string, body: { name?: string; query?: ExploreQueryInput; chart?: ChartType }) =>
  api<SavedQuery>(`${BASE}/saved/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const deleteSavedQuery = (id: string) =>
  api<null>(`${BASE}/saved/${encodeURIComponent(id)}`, { method: 'DELETE' });
