import { route } from '@/lib/http/route';
import { bulkUpdateIssues } from '@/lib/issues/bulk-update-issues';
import { projectParams } from '@/lib/zod/projects';
import { bulkUpdateIssuesSchema } from '@/lib/zod/issues';

export const POST = route(
  { auth: 'session', scope: 'project', params: projectParams, body: bulkUpdateIssuesSchema },
  async ({ tenant, body }) => {
    const data = await bulkUpdateIssues(tenant, body);
    return { message: 'Issues updated', data };
  },
);
