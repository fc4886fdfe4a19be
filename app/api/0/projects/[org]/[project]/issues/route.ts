import { route } from '@/lib/http/route';
import { personOf, publicUrl, sentrySpec } from '@/lib/sentry-api/caller';
import { bulkDelete, bulkMutate } from '@/lib/sentry-api/issue-bulk-request';
import { issueListRequest } from '@/lib/sentry-api/issue-list-request';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectBySlug } from '@/lib/sentry-api/projects';
import { sentryBulkQuery, sentryIssueChanges, sentryIssueListQuery, sentryProjectParams } from '@/lib/zod/sentry-api';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';

// List a Project's Issues and its bulk changes: what `sentry-cli issues list|resolve|mute|unresolve` call.
const spec = { ...sentrySpec, params: sentryProjectParams } as const;

async function projectOf(tenant: OrgTenant, params: { org: string; project: string }) {
  await sentryOrg(tenant, params.org);
  return projectBySlug(tenant.orgId, params.project);
}

export const GET = route({ ...spec, query: sentryIssueListQuery }, async ({ req, tenant, params, query }) => {
  const project = await projectOf(tenant, params);
  const caller = { orgId: tenant.orgId, userId: await personOf(tenant) };
  const { data, headers } = await issueListRequest(caller, query, {
    kind: 'project',
    projectId: project.id,
    url: publicUrl(req),
  });
  return { message: 'Success', bare: true, data, headers };
});

export const PUT = route(
  { ...spec, query: sentryBulkQuery, body: sentryIssueChanges },
  async ({ tenant, params, query, body }) => {
    const project = await projectOf(tenant, params);
    const actor = { tenant, personId: await personOf(tenant) };
    const { status, data } = await bulkMutate(actor, { query, body, projectIds: [project.id] });
    return status === 204 ? { status, message: 'No issues' } : { message: 'Success', bare: true, data };
  },
);

export const DELETE = route({ ...spec, role: 'ADMIN', query: sentryBulkQuery }, async ({ tenant, params, query }) => {
  const project = await projectOf(tenant, params);
  await bulkDelete({ tenant, personId: await personOf(tenant) }, { query, projectIds: [project.id] });
  return { status: 204, message: 'Deleted' };
});
