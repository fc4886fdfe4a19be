// A project's notification webhooks (#49): Slack, Discord or JSON, each with the workflow events it gets.
import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { CreateNotificationWebhookInput, UpdateNotificationWebhookInput } from '@/lib/zod/notifications';

type HookRow = {
  id: string;
  projectId: string;
  url: string;
  format: string;
  events: string[];
  createdAt: Date;
  updatedAt: Date;
};

/** Without its secret; the create answer adds the secret, once. */
export function serializeNotificationWebhook(h: HookRow) {
  return {
    id: h.id,
    projectId: h.projectId,
    url: h.url,
    format: h.format,
    events: h.events,
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
  };
}

// Behind the route wrapper, which has checked that the project is the caller's organization's.
export async function listNotificationWebhooks(projectId: string) {
  return db.projectNotificationWebhook.findMany({
    where: { projectId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function createNotificationWebhook(projectId: string, input: CreateNotificationWebhookInput) {
  return db.projectNotificationWebhook.create({
    data: { projectId, ...input, secret: crypto.randomBytes(32).toString('hex') },
  });
}

async function hookOf(projectId: string, hookId: string) {
  const hook = await db.projectNotificationWebhook.findFirst({
    where: { id: hookId, projectId },
    select: { id: true },
  });
  if (!hook) throw notFound('Notification webhook');
  return hook;
}

export async function updateNotificationWebhook(
  projectId: string,
  hookId: string,
  input: UpdateNotificationWebhookInput,
) {
  const hook = await hookOf(projectId, hookId);
  return db.projectNotificationWebhook.update({ where: { id: hook.id }, data: input });
}

export async function deleteNotificationWebhook(projectId: string, hookId: string): Promise<void> {
  const hook = await hookOf(projectId, hookId);
  await db.projectNotificationWebhook.delete({ where: { id: hook.id } });
}
