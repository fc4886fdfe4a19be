'use client';

import useSWR from 'swr';
import type { SuspectCommit as Suspect, SuspectCommits as Suspects } from '@/lib/suspect-commits/suspect-commits';
import { fetcher } from './fetcher';
import { issuePath } from './use-issues';

export type { NoSuspectsReason } from '@/lib/suspect-commits/suspect-commits';
/** With its commit's page on the provider when a repository integration knows its repository (#64). */
export type SuspectCommit = Suspect & { url?: string };
export type SuspectCommits = Omit<Suspects, 'suspects'> & { suspects: SuspectCommit[] };

/** The issue's suspect commits (#49), best first, or why there are none. */
export function useSuspectCommits(projectId: string, issueId: string) {
  const { data, error, isLoading } = useSWR<SuspectCommits>(
    `${issuePath(projectId, issueId)}/suspect-commits`,
    fetcher,
  );
  return { suspects: data, error, isLoading };
}
