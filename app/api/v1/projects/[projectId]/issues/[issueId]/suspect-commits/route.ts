import { route } from '@/lib/http/route';
import { suspectCommitsWithLinks } from '@/lib/integrations/code-links';
import { issueParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: issueParams }, async ({ tenant, params }) => {
  return { message: 'Suspect commits fetched', data: await suspectCommitsWithLinks(tenant, params.issueId) };
});
