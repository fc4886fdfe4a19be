import { route } from '@/lib/http/route';
import { personOf, publicUrl, sentrySpec } from '@/lib/sentry-api/caller';
import { bulkDelete, bulkMutate } from '@/lib/sentry-api/issue-bulk-request';
import { issueListRequest } from '@/lib/sentry-api/issue-list-request';
import { projectIdsOf } from '@/lib/sentry-api/projects';
import { sentryOrg } from '@/lib/sentry-api/org';
import { sentryBulkQuery, sentryIssueChanges, sentryIssueListQuery } from '@/lib/zod/sentry-api';

// List an Organization's Issues, Bulk Mutate and Bulk Remove (docs/api-compat.md).
export const GET = route({ ...sentrySpec, query: sentryIssueListQuery }, async ({ req, tenant, params, query }) => {
  await sentryOrg(tenant, params.org);
  const caller = { orgId: tenant.orgId, userId: await personOf(tenant) };
  const { data, headers } = await issueListRequest(caller, query, { kind: 'organization', url: publicUrl(req) });
  return { message: 'Success', bare: true, data, headers };
});

export const PUT = route(
  { ...sentrySpec, query: sentryBulkQuery, body: sentryIssueChanges },
  async ({ tenant, params, query, body }) => {
    await sentryOrg(tenant, params.org);
    const actor = { tenant, personId: await personOf(tenant) };
    const projectIds = await projectIdsOf(tenant.orgId, query.project);
    const { status, data } = await bulkMutate(actor, { query, body, projectIds });
    return status === 204 ? { status, message: 'No issues' } : { message: 'Success', bare: true, data };
  },
);

export const DELETE = route(
  { ...sentrySpec, role: 'ADMIN', query: sentryBulkQuery },
  async ({ tenant, params, query }) => {
    await sentryOrg(tenant, params.org);
    const projectIds = await projectIdsOf(tenant.orgId, query.project);
    await bulkDelete({ tenant, personId: await personOf(tenant) }, { query, projectIds });
    return { status: 204, message: 'Deleted' };
  },
);
