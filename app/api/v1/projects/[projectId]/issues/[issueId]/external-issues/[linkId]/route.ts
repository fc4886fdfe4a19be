import { route } from '@/lib/http/route';
import { unlinkTicket } from '@/lib/integrations/external-issues';
import { externalIssueParams } from '@/lib/zod/integrations';

export const DELETE = route(
  { auth: 'session', scope: 'project', params: externalIssueParams },
  async ({ tenant, params }) => {
    await unlinkTicket(tenant, { issueId: params.issueId, linkId: params.linkId });
    return { message: 'Ticket unlinked' };
  },
);
