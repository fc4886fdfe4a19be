import { route } from '@/lib/http/route';
import { deleteIssue } from '@/lib/filters/project-filters';
import { issueParams } from '@/lib/zod/issues';

// Delete and discard: the issue and its events go, and its later events are dropped before the quota.
export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: issueParams },
  async ({ tenant, params, session }) => {
    return {
      message: 'Issue deleted and discarded',
      data: await deleteIssue(tenant, params.issueId, { discard: true, userId: session?.user.id ?? null }),
    };
  },
);
