'use client';

import useSWR, { mutate } from 'swr';
import type { ProjectPrivacy } from '@/lib/privacy/privacy-settings';
import type { UpdateProjectPrivacyInput } from '@/lib/zod/privacy';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type { ProjectPrivacy };

const privacyPath = (projectId: string) => `${projectPath(projectId)}/privacy`;
const ORG_PRIVACY = '/api/v1/organization/privacy';

export function useProjectPrivacy(projectId: string) {
  const { data, error, isLoading } = useSWR<ProjectPrivacy>(privacyPath(projectId), fetcher);
  return { privacy: data, error, isLoading };
}

export async function updateProjectPrivacy(projectId: string, input: UpdateProjectPrivacyInput) {
  const updated = await api<ProjectPrivacy>(privacyPath(projectId), { method: 'PATCH', body: input });
  await mutate(privacyPath(projectId), updated, { revalidate: false });
  return updated;
}

export function useOrgPrivacy() {
  const { data, error, isLoading } = useSWR<{ requireScrubbing: boolean }>(ORG_PRIVACY, fetcher);
  return { privacy: data, error, isLoading };
}

export async function updateOrgPrivacy(requireScrubbing: boolean) {
  const updated = await api<{ requireScrubbing: boolean }>(ORG_PRIVACY, {
    method: 'PATCH',
    body: { requireScrubbing },
  });
  await mutate(ORG_PRIVACY, updated, { revalidate: false });
  // Every project's effective setting follows the lock.
  await mutate((key) => typeof key === 'string' && key.endsWith('/privacy') && key !== ORG_PRIVACY);
  return updated;
}
