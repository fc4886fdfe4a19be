'use client';

import useSWR, { mutate } from 'swr';
import type { PerformanceSettings } from '@/lib/performance-issues/types';
import type { UpdatePerformanceSettings } from '@/lib/zod/performance-issues';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

const settingsPath = (projectId: string) => `${projectPath(projectId)}/performance-issues`;

/** The project's performance issue detectors (#62). */
export function usePerformanceSettings(projectId: string) {
  const { data, error, isLoading } = useSWR<PerformanceSettings>(settingsPath(projectId), fetcher);
  return { data, error, isLoading };
}

export async function updatePerformanceSettings(projectId: string, input: UpdatePerformanceSettings) {
  const updated = await api<PerformanceSettings>(settingsPath(projectId), { method: 'PATCH', body: input });
  await mutate(settingsPath(projectId), updated, { revalidate: false });
  return updated;
}
