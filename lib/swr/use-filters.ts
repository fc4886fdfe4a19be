'use client';

import useSWR, { mutate } from 'swr';
import type { InboundFilters } from '@/lib/ingest/enrich/inbound-filters';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type ProjectFilters = {
  filters: InboundFilters;
  spikeProtection: boolean;
  discarded: { fingerprint: string; title: string; discardedAt: string }[];
};

const filtersPath = (projectId: string) => `${projectPath(projectId)}/filters`;

export function useProjectFilters(projectId: string) {
  const { data, error, isLoading } = useSWR<ProjectFilters>(filtersPath(projectId), fetcher);
  return { data, error, isLoading };
}

export async function updateProjectFilters(
  projectId: string,
  input: Partial<InboundFilters> & { spikeProtection?: boolean },
) {
  const updated = await api<ProjectFilters>(filtersPath(projectId), { method: 'PATCH', body: input });
  await mutate(filtersPath(projectId), updated, { revalidate: false });
  return updated;
}

export async function undiscardIssue(projectId: string, fingerprint: string) {
  await api(`${filtersPath(projectId)}/discarded/${encodeURIComponent(fingerprint)}`, { method: 'DELETE' });
  await mutate(filtersPath(projectId));
}
