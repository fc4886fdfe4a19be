import { route } from '@/lib/http/route';
import { listProjectActivity } from '@/lib/projects/project-activity';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Project activity fetched', data: await listProjectActivity(tenant.orgId) };
});
