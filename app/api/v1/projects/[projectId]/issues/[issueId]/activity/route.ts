import { route } from '@/lib/http/route';
import { listIssueActivity } from '@/lib/issues/list-activity';
import { issueParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: issueParams }, async ({ tenant, params }) => {
  return { message: 'Activity fetched', data: await listIssueActivity(tenant, params.issueId) };
});
