import { requireOrg, route } from '@/lib/http/route';
import { getIssue } from '@/lib/issues/get-issue';
import { updateIssueStatus } from '@/lib/issues/update-issue-status';
import { issueParams, updateIssueSchema } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: issueParams }, async ({ session, params }) => {
  const data = await getIssue(requireOrg(session), params.projectId, params.issueId);
  return { message: 'Issue fetched', data };
});

export const PATCH = route({ auth: 'session', params: issueParams, body: updateIssueSchema }, async ({ session, params, body }) => {
  const data = await updateIssueStatus(requireOrg(session), params.projectId, params.issueId, body.status);
  return { message: 'Issue updated', data };
});
