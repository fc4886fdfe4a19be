'use client';

import useSWR from 'swr';
import type { NamedOwner } from '@/lib/ownership/issue-owners';
import { fetcher } from './fetcher';
import { issuePath } from './use-issues';

export type { NamedOwner } from '@/lib/ownership/issue-owners';

/** Whom the project's ownership rules name for the issue (#60), each with its rule; [] when none matches. */
export function useIssueOwners(projectId: string, issueId: string) {
  const { data, error } = useSWR<{ owners: NamedOwner[] }>(`${issuePath(projectId, issueId)}/owners`, fetcher);
  return { owners: data?.owners, error };
}
