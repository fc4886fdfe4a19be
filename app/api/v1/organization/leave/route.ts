import { route } from '@/lib/http/route';
import { removeMember } from '@/lib/orgs/remove-member';

export const POST = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  await removeMember(tenant, tenant.userId);
  return { message: 'You left the organization' };
});
