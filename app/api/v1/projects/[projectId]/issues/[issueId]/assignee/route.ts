import { route } from '@/lib/http/route';
import { assignIssue } from '@/lib/issues/assign-issue';
import { assignIssueSchema, issueParams } from '@/lib/zod/issues';

export const PUT = route(
  { auth: 'session', scope: 'project', params: issueParams, body: assignIssueSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Issue assigned', data: await assignIssue(tenant, params.issueId, body) };
  },
);
