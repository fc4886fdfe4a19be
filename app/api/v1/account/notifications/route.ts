import { route, sessionOf } from '@/lib/http/route';
import { getNotificationSettings, updateNotificationSettings } from '@/lib/notifications/settings';
import { updateNotificationSettingsSchema } from '@/lib/zod/notifications';

// The caller's own settings, with the projects of their active organization for the overrides.
export const GET = route({ auth: 'session', scope: 'organization', tokens: false }, async ({ session, tenant }) => {
  return {
    message: 'Notification settings',
    data: await getNotificationSettings(sessionOf(session).user.id, tenant.orgId),
  };
});

export const PATCH = route(
  { auth: 'session', scope: 'organization', tokens: false, body: updateNotificationSettingsSchema },
  async ({ session, tenant, body }) => {
    const data = await updateNotificationSettings(sessionOf(session).user.id, tenant.orgId, body);
    return { message: 'Notification settings saved', data };
  },
);
