import { route } from '@/lib/http/route';
import { deleteIssue } from '@/lib/filters/project-filters';
import { getIssue } from '@/lib/issues/get-issue';
import { updateIssueStatus } from '@/lib/issues/update-issue-status';
import { getIssueQuery, issueParams, updateIssueSchema } from '@/lib/zod/issues';

export const GET = route(
  { auth: 'session', scope: 'project', params: issueParams, query: getIssueQuery },
  async ({ tenant, params, query }) => {
    const data = await getIssue({
      orgId: tenant.orgId,
      projectId: tenant.projectId,
      issueId: params.issueId,
      expandAssignee: query.expand === 'assignee',
    });
    return { message: 'Issue fetched', data };
  },
);

export const PATCH = route(
  { auth: 'session', scope: 'project', params: issueParams, body: updateIssueSchema },
  async ({ tenant, params, body }) => {
    const data = await updateIssueStatus({
      t: tenant,
      issueId: params.issueId,
      status: body.status,
      resolveIn: body.resolveIn,
      ignore: body.ignore,
    });
    return { message: 'Issue updated', data };
  },
);

// Delete the issue with its events, comments and activity (ADMIN and above).
export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: issueParams },
  async ({ tenant, params, session }) => {
    return {
      message: 'Issue deleted',
      data: await deleteIssue(tenant, params.issueId, { discard: false, userId: session?.user.id ?? null }),
    };
  },
);
