'use client';

import useSWR from 'swr';
import type { ProjectActivity } from '@/lib/projects/project-activity';
import { fetcher, type ApiError } from './fetcher';

/** How often the home page re-reads its cards' counts; they also refresh when the tab regains focus. */
export const PROJECT_ACTIVITY_REFRESH_MS = 30_000;

/** Open issues and the last 24 hours' events of each project, keyed by project id. */
export function useProjectActivity() {
  const { data, error } = useSWR<ProjectActivity[], ApiError>('/api/v1/projects/activity', fetcher, {
    refreshInterval: PROJECT_ACTIVITY_REFRESH_MS,
    revalidateOnFocus: true,
  });
  return { activity: data ? new Map(data.map((a) => [a.projectId, a])) : undefined, error };
}
