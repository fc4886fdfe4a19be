import { route } from '@/lib/http/route';
import {
  deleteNotificationWebhook,
  serializeNotificationWebhook,
  updateNotificationWebhook,
} from '@/lib/notifications/webhooks';
import { notificationWebhookParams, updateNotificationWebhookSchema } from '@/lib/zod/notifications';

export const PATCH = route(
  {
    auth: 'session',
    scope: 'project',
    role: 'ADMIN',
    params: notificationWebhookParams,
    body: updateNotificationWebhookSchema,
  },
  async ({ tenant, params, body }) => {
    const hook = await updateNotificationWebhook(tenant.projectId, params.hookId, body);
    return { message: 'Notification webhook updated', data: serializeNotificationWebhook(hook) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: notificationWebhookParams },
  async ({ tenant, params }) => {
    await deleteNotificationWebhook(tenant.projectId, params.hookId);
    return { message: 'Notification webhook deleted' };
  },
);
