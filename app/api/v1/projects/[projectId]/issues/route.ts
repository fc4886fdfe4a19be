import { requireOrg, route } from '@/lib/http/route';
import { listIssues } from '@/lib/issues/list-issues';
import { projectParams } from '@/lib/zod/projects';
import { listIssuesQuery } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: projectParams, query: listIssuesQuery }, async ({ session, params, query }) => {
  const data = await listIssues(requireOrg(session), params.projectId, query);
  return { message: 'Issues fetched', data };
});
