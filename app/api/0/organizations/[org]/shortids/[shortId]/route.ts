import { z } from 'zod';
import { route } from '@/lib/http/route';
import { personOf, sentrySpec } from '@/lib/sentry-api/caller';
import { findIssue } from '@/lib/sentry-api/find-issues';
import { sentryIssues } from '@/lib/sentry-api/issue-attrs';
import { sentryOrg } from '@/lib/sentry-api/org';

// Resolve a Short ID (`SHOP-1A`) to its issue, as Sentry's MCP server and tools look one up.
export const GET = route(
  { ...sentrySpec, params: z.object({ org: z.string().min(1).max(200), shortId: z.string().min(1).max(220) }) },
  async ({ tenant, params }) => {
    const org = await sentryOrg(tenant, params.org);
    const found = await findIssue(org.id, params.shortId);
    const [group] = await sentryIssues([found.id], { orgId: org.id, userId: await personOf(tenant) }, null);
    return {
      message: 'Success',
      bare: true,
      data: {
        organizationSlug: org.slug,
        projectSlug: group.project.slug,
        groupId: group.id,
        group,
        shortId: group.shortId,
      },
    };
  },
);
