import { route, sessionOf } from '@/lib/http/route';
import { removeMember } from '@/lib/orgs/remove-member';

export const POST = route({ auth: 'session', scope: 'organization', tokens: false }, async ({ session, tenant }) => {
  await removeMember(tenant, sessionOf(session).user.id);
  return { message: 'You left the organization' };
});
