import { route } from '@/lib/http/route';
import { describeMe } from '@/lib/auth/describe-me';
import { switchOrganization } from '@/lib/orgs/switch-organization';
import { switchOrganizationSchema } from '@/lib/zod/orgs';

export const POST = route({ auth: 'session', body: switchOrganizationSchema }, async ({ session, body }) => {
  await switchOrganization(session.sessionId, session.user.id, body.orgId);
  return { message: 'Organization switched', data: await describeMe(session.user, body.orgId) };
});
