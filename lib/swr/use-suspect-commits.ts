'use client';

import useSWR from 'swr';
import type { SuspectCommits } from '@/lib/suspect-commits/suspect-commits';
import { fetcher } from './fetcher';
import { issuePath } from './use-issues';

export type { SuspectCommit, SuspectCommits, NoSuspectsReason } from '@/lib/suspect-commits/suspect-commits';

/** The issue's suspect commits (#49), best first, or why there are none. */
export function useSuspectCommits(projectId: string, issueId: string) {
  const { data, error, isLoading } = useSWR<SuspectCommits>(
    `${issuePath(projectId, issueId)}/suspect-commits`,
    fetcher,
  );
  return { suspects: data, error, isLoading };
}
