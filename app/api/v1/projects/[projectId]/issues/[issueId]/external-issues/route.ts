import { route } from '@/lib/http/route';
import { listExternalIssues, requestTicket } from '@/lib/integrations/external-issues';
import { externalIssueSchema } from '@/lib/zod/integrations';
import { issueParams } from '@/lib/zod/issues';

export const GET = route({ auth: 'session', scope: 'project', params: issueParams }, async ({ tenant, params }) => {
  return { message: 'Linked tickets fetched', data: await listExternalIssues(tenant, params.issueId) };
});

// 202: the ticket is created or looked up by the job queue; the link is `pending` until the provider answers.
export const POST = route(
  { auth: 'session', scope: 'project', params: issueParams, body: externalIssueSchema },
  async ({ tenant, params, body }) => {
    return { status: 202, message: 'Ticket requested', data: await requestTicket(tenant, params.issueId, body) };
  },
);
