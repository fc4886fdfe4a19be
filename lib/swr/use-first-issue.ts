'use client';

import useSWR from 'swr';
import type { IssueList } from './use-issues';
import { fetcher } from './fetcher';
import { projectPath } from './use-projects';

/** How often onboarding looks for the project's first event while it waits. */
export const FIRST_EVENT_POLL_MS = 3000;

/**
 * The project's most recently seen issue, polled until one exists (then only on focus): the setup page
 * turns into "First event received" without a reload.
 */
export function useFirstIssue(projectId: string) {
  const { data, error } = useSWR<IssueList>(`${projectPath(projectId)}/issues?page=1&limit=1`, fetcher, {
    refreshInterval: (latest) => (latest && latest.issues.length > 0 ? 0 : FIRST_EVENT_POLL_MS),
    revalidateOnFocus: true,
  });
  return { issue: data?.issues[0], error, isLoading: !data && !error };
}
