import { route } from '@/lib/http/route';
import { deleteOrganization } from '@/lib/orgs/delete-organization';

export const DELETE = route({ auth: 'session', scope: 'organization', role: 'OWNER' }, async ({ tenant }) => {
  await deleteOrganization(tenant.orgId);
  return { message: 'Organization deleted' };
});
