import { route } from '@/lib/http/route';
import { issueStats } from '@/lib/issues/issue-stats';
import { issueParams, issueStatsQuery } from '@/lib/zod/issues';

export const GET = route(
  { auth: 'session', scope: 'project', params: issueParams, query: issueStatsQuery },
  async ({ tenant, params, query }) => {
    const data = await issueStats({
      orgId: tenant.orgId,
      projectId: params.projectId,
      issueId: params.issueId,
      days: query.days,
    });
    return { message: 'Issue stats fetched', data };
  },
);
