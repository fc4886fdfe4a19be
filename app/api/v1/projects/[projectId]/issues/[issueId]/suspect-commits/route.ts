import { route } from '@/lib/http/route';
import { suspectCommitsFor } from '@/lib/suspect-commits/suspect-commits';
import { issueParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: issueParams }, async ({ tenant, params }) => {
  return { message: 'Suspect commits fetched', data: await suspectCommitsFor(tenant, params.issueId) };
});
