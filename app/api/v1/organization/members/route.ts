import { route } from '@/lib/http/route';
import { listMembers } from '@/lib/orgs/list-members';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Members fetched', data: await listMembers(tenant.orgId) };
});
