'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import { projectPath, type ProjectKey } from './use-projects';

const keysPath = (projectId: string) => `${projectPath(projectId)}/keys`;

export function useKeys(projectId: string) {
  const { data, error, isLoading } = useSWR<ProjectKey[]>(keysPath(projectId), fetcher);
  return { keys: data, error, isLoading };
}

// The project response embeds its keys (the onboarding page reads the DSN there), so both are refreshed.
const refresh = (projectId: string) =>
  Promise.all([mutate(keysPath(projectId)), mutate(projectPath(projectId)), mutate('/api/v1/projects')]);

export async function createKey(projectId: string, label: string) {
  const key = await api<ProjectKey>(keysPath(projectId), { method: 'POST', body: { label } });
  await refresh(projectId);
  return key;
}

export async function updateKey(
  projectId: string,
  keyId: string,
  input: { label?: string; enabled?: boolean; rateLimitPerMinute?: number | null },
) {
  await api(`${keysPath(projectId)}/${encodeURIComponent(keyId)}`, { method: 'PATCH', body: input });
  await refresh(projectId);
}

export async function deleteKey(projectId: string, keyId: string) {
  await api(`${keysPath(projectId)}/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
  await refresh(projectId);
}
