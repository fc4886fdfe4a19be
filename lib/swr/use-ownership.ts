'use client';

import useSWR, { mutate } from 'swr';
import type { CodeownersFile, PreviewMatch, ProjectOwnershipView } from '@/lib/ownership/ownership-settings';
import type { UpdateOwnershipInput, UploadCodeownersInput } from '@/lib/zod/ownership';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type { CodeownersFile, PreviewMatch, ProjectOwnershipView };

const ownershipPath = (projectId: string) => `${projectPath(projectId)}/ownership`;
const codeownersPath = (projectId: string) => `${projectPath(projectId)}/codeowners`;

export function useOwnership(projectId: string) {
  const { data, error, isLoading } = useSWR<ProjectOwnershipView>(ownershipPath(projectId), fetcher);
  return { ownership: data, error, isLoading };
}

export async function updateOwnership(projectId: string, input: UpdateOwnershipInput) {
  const updated = await api<ProjectOwnershipView>(ownershipPath(projectId), { method: 'PUT', body: input });
  await mutate(ownershipPath(projectId), updated, { revalidate: false });
  return updated;
}

export function previewOwnership(projectId: string, raw: string) {
  return api<{ examined: number; matches: PreviewMatch[] }>(`${ownershipPath(projectId)}/preview`, {
    method: 'POST',
    body: { raw },
  });
}

export async function uploadCodeowners(projectId: string, input: Partial<UploadCodeownersInput> & { raw: string }) {
  const file = await api<CodeownersFile>(codeownersPath(projectId), { method: 'POST', body: input });
  await mutate(ownershipPath(projectId));
  return file;
}

export async function deleteCodeowners(projectId: string, id: string) {
  await api(`${codeownersPath(projectId)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(ownershipPath(projectId));
}
