import { route } from '@/lib/http/route';
import {
  createNotificationWebhook,
  listNotificationWebhooks,
  serializeNotificationWebhook,
} from '@/lib/notifications/webhooks';
import { projectParams } from '@/lib/zod/projects';
import { createNotificationWebhookSchema } from '@/lib/zod/notifications';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  const hooks = await listNotificationWebhooks(tenant.projectId);
  return { message: 'Notification webhooks', data: hooks.map(serializeNotificationWebhook) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: createNotificationWebhookSchema },
  async ({ tenant, body }) => {
    const hook = await createNotificationWebhook(tenant.projectId, body);
    return {
      status: 201,
      message: 'Notification webhook created',
      data: { ...serializeNotificationWebhook(hook), secret: hook.secret },
    };
  },
);
