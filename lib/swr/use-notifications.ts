'use client';

import useSWR, { mutate } from 'swr';
import type { getNotificationSettings } from '@/lib/notifications/settings';
import type { serializeNotificationWebhook } from '@/lib/notifications/webhooks';
import type {
  CreateNotificationWebhookInput,
  UpdateNotificationSettingsInput,
  UpdateNotificationWebhookInput,
} from '@/lib/zod/notifications';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type NotificationSettings = Awaited<ReturnType<typeof getNotificationSettings>>;
export type NotificationWebhook = ReturnType<typeof serializeNotificationWebhook>;

const SETTINGS = '/api/v1/account/notifications';

export function useNotificationSettings() {
  const { data, error, isLoading } = useSWR<NotificationSettings>(SETTINGS, fetcher);
  return { settings: data, error, isLoading };
}

/** The settings as they will be once the changes are saved: what the page shows at once (rolled back on failure). */
function applied(
  current: NotificationSettings,
  changes: UpdateNotificationSettingsInput['settings'],
): NotificationSettings {
  const next = structuredClone(current);
  for (const { event, channel, enabled, projectId } of changes) {
    if (!projectId) {
      if (enabled !== null) next.defaults[event][channel] = enabled;
      continue;
    }
    const project = next.projects.find((p) => p.id === projectId);
    if (!project) continue;
    const overrides: Partial<Record<typeof channel, boolean>> = { ...project.overrides[event] };
    if (enabled === null) delete overrides[channel];
    else overrides[channel] = enabled;
    if (Object.keys(overrides).length) project.overrides[event] = overrides;
    else delete project.overrides[event];
  }
  return next;
}

export async function updateNotificationSettings(settings: UpdateNotificationSettingsInput['settings']) {
  return mutate<NotificationSettings>(
    SETTINGS,
    api<NotificationSettings>(SETTINGS, { method: 'PATCH', body: { settings } }),
    {
      // The page is loaded before anything is changed, so there is always a current value.
      optimisticData: (current) => applied(current!, settings),
      rollbackOnError: true,
      revalidate: false,
    },
  );
}

const hooksPath = (projectId: string) => `${projectPath(projectId)}/notification-webhooks`;

export function useNotificationWebhooks(projectId: string) {
  const { data, error, isLoading } = useSWR<NotificationWebhook[]>(hooksPath(projectId), fetcher);
  return { hooks: data, error, isLoading };
}

export async function createNotificationWebhook(projectId: string, input: CreateNotificationWebhookInput) {
  const hook = await api<NotificationWebhook & { secret: string }>(hooksPath(projectId), {
    method: 'POST',
    body: input,
  });
  await mutate(hooksPath(projectId));
  return hook;
}

export async function updateNotificationWebhook(
  projectId: string,
  hookId: string,
  input: UpdateNotificationWebhookInput,
) {
  await api(`${hooksPath(projectId)}/${encodeURIComponent(hookId)}`, { method: 'PATCH', body: input });
  await mutate(hooksPath(projectId));
}

export async function deleteNotificationWebhook(projectId: string, hookId: string) {
  await api(`${hooksPath(projectId)}/${encodeURIComponent(hookId)}`, { method: 'DELETE' });
  await mutate(hooksPath(projectId));
}
