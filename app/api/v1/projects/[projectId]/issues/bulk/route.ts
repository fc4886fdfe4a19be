import { requireOrg, route } from '@/lib/http/route';
import { bulkUpdateIssues } from '@/lib/issues/bulk-update-issues';
import { projectParams } from '@/lib/zod/projects';
import { bulkUpdateIssuesSchema } from '@/lib/zod/issues';

export const POST = route({ auth: 'session', params: projectParams, body: bulkUpdateIssuesSchema }, async ({ session, params, body }) => {
  const data = await bulkUpdateIssues(requireOrg(session), params.projectId, body);
  return { message: 'Issues updated', data };
});
