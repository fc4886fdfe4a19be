'use client';

import useSWR from 'swr';
import type { Stats } from '@/lib/outcomes/read-stats';
import { fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type { Stats };

/** One project's outcomes, or (no project) the whole organization's. */
export function useStats(projectId: string | null, days: number) {
  const base = projectId ? `${projectPath(projectId)}/stats` : '/api/v1/organization/stats';
  const { data, error, isLoading } = useSWR<Stats>(`${base}?days=${days}`, fetcher, { refreshInterval: 30_000 });
  return { stats: data, error, isLoading };
}
