'use client';

import useSWR, { mutate } from 'swr';
import type { serializeKey, serializeProject } from '@/lib/projects/serialize';
import type { CreateProjectInput, UpdateProjectInput } from '@/lib/zod/projects';
import { api, fetcher } from './fetcher';

export type ProjectKey = ReturnType<typeof serializeKey>;
export type Project = ReturnType<typeof serializeProject> & { keys: ProjectKey[] };

const LIST = '/api/v1/projects';
export const projectPath = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}`;

export function useProjects() {
  const { data, error, isLoading } = useSWR<Project[]>(LIST, fetcher);
  return { projects: data, error, isLoading };
}

export function useProject(projectId: string) {
  const { data, error, isLoading } = useSWR<Project>(projectPath(projectId), fetcher);
  return { project: data, error, isLoading };
}

export async function createProject(input: CreateProjectInput): Promise<Project> {
  const project = await api<Project>(LIST, { method: 'POST', body: input });
  await mutate(LIST);
  return project;
}

export async function updateProject(projectId: string, input: UpdateProjectInput) {
  await api(projectPath(projectId), { method: 'PATCH', body: input });
  await Promise.all([mutate(projectPath(projectId)), mutate(LIST)]);
}

export async function deleteProject(projectId: string) {
  await api(projectPath(projectId), { method: 'DELETE' });
  await mutate(LIST);
}
