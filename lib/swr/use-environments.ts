'use client';

import useSWR from 'swr';
import { fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type Environment = { name: string; events: number };

export function useEnvironments(projectId: string) {
  const { data, error } = useSWR<Environment[]>(`${projectPath(projectId)}/environments`, fetcher);
  return { environments: data, error };
}
