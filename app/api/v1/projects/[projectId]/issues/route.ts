import { route } from '@/lib/http/route';
import { listIssues } from '@/lib/issues/list-issues';
import { projectParams } from '@/lib/zod/projects';
import { listIssuesQuery } from '@/lib/zod/issues';

export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listIssuesQuery },
  async ({ tenant, query }) => {
    const data = await listIssues({
      orgId: tenant.orgId,
      projectId: tenant.projectId,
      userId: tenant.userId,
      q: query,
    });
    return { message: 'Issues fetched', data };
  },
);
