import { route } from '@/lib/http/route';
import { listEnvironments } from '@/lib/projects/list-environments';
import { projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  const data = await listEnvironments(tenant.orgId, tenant.projectId);
  return { message: 'Environments fetched', data };
});
