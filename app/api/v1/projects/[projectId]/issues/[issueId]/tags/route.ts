import { requireOrg, route } from '@/lib/http/route';
import { issueTags } from '@/lib/issues/issue-tags';
import { issueParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', params: issueParams }, async ({ session, params }) => {
  const data = await issueTags(requireOrg(session), params.projectId, params.issueId);
  return { message: 'Issue tags fetched', data };
});
