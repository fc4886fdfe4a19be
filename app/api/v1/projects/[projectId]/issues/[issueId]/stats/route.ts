import { requireOrg, route } from '@/lib/http/route';
import { issueStats } from '@/lib/issues/issue-stats';
import { issueParams, issueStatsQuery } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: issueParams, query: issueStatsQuery }, async ({ session, params, query }) => {
  const data = await issueStats(requireOrg(session), params.projectId, params.issueId, query.days);
  return { message: 'Issue stats fetched', data };
});
