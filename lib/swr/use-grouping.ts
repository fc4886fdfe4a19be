'use client';

import useSWR, { mutate } from 'swr';
import type { GroupingPreview, GroupingSettingsView } from '@/lib/grouping-settings/grouping-settings';
import type { PreviewGroupingInput, UpdateGroupingInput } from '@/lib/zod/grouping';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type { GroupingPreview, GroupingSettingsView };

const groupingPath = (projectId: string) => `${projectPath(projectId)}/grouping`;

export function useGrouping(projectId: string) {
  const { data, error, isLoading } = useSWR<GroupingSettingsView>(groupingPath(projectId), fetcher);
  return { grouping: data, error, isLoading };
}

export async function updateGrouping(projectId: string, input: Partial<UpdateGroupingInput>) {
  const saved = await api<GroupingSettingsView & { regrouped: GroupingPreview | null }>(groupingPath(projectId), {
    method: 'PUT',
    body: input,
  });
  const { regrouped: _, ...view } = saved;
  await mutate(groupingPath(projectId), view, { revalidate: false });
  return saved;
}

export function previewGrouping(projectId: string, input: PreviewGroupingInput) {
  return api<GroupingPreview>(`${groupingPath(projectId)}/preview`, { method: 'POST', body: input });
}
