// One issue's endpoints, served under both of Sentry's paths: `/organizations/{org}/issues/{id}/…` and the older
// `/issues/{id}/…` (the token's organization; another organization's existing issue is 403 there, as Sentry answers).
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { route, type HandlerResult } from '@/lib/http/route';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { personOf, publicUrl, sentrySpec } from '@/lib/sentry-api/caller';
import { linkHeader, parseCursor } from '@/lib/sentry-api/cursor';
import { findIssue } from '@/lib/sentry-api/find-issues';
import { readChanges } from '@/lib/sentry-api/issue-changes';
import { sentryIssueDetails } from '@/lib/sentry-api/issue-details';
import { issueEvent, listIssueEvents, projectEvent } from '@/lib/sentry-api/issue-events';
import { issueTagKey, issueTagKeys, issueTagValues } from '@/lib/sentry-api/issue-tags';
import { deleteIssues, mutateIssues } from '@/lib/sentry-api/mutate-issues';
import { sentryOrg } from '@/lib/sentry-api/org';
import { sentryEventsQuery, sentryIssueChanges, sentryTagValuesQuery } from '@/lib/zod/sentry-api';

const base = z.object({ org: z.string().min(1).max(200).optional(), issueId: z.string().min(1).max(220) });
const spec = { ...sentrySpec, params: base } as const;
type Params = z.infer<typeof base>;

async function issueOf(tenant: OrgTenant, params: Params) {
  if (params.org !== undefined) await sentryOrg(tenant, params.org);
  return findIssue(tenant.orgId, params.issueId, params.org === undefined ? { foreign: 'forbidden' } : {});
}

const bare = (data: unknown, extra: Partial<HandlerResult> = {}): HandlerResult => ({
  message: 'Success',
  bare: true,
  data,
  ...extra,
});

export const issueDetails = {
  GET: route(spec, async ({ tenant, params }) => {
    const issue = await issueOf(tenant, params);
    return bare(await sentryIssueDetails(issue.id, { orgId: tenant.orgId, userId: await personOf(tenant) }));
  }),
  PUT: route({ ...spec, body: sentryIssueChanges }, async ({ tenant, params, body }) => {
    const issue = await issueOf(tenant, params);
    const personId = await personOf(tenant);
    const changes = await readChanges(tenant.orgId, body);
    const changed = await mutateIssues({ tenant, personId }, [issue], { ...changes, single: true });
    if (changed === null) return { status: 204, message: 'Discarded' };
    const details = await sentryIssueDetails(issue.id, { orgId: tenant.orgId, userId: personId }).catch(() => null);
    return bare({ ...(details ?? {}), ...changed });
  }),
  // Sentry answers 202: its deletion runs in the background; ours is done when it answers.
  DELETE: route({ ...spec, role: 'ADMIN' }, async ({ tenant, params }) => {
    const issue = await issueOf(tenant, params);
    await deleteIssues({ tenant, personId: await personOf(tenant) }, [issue]);
    return { status: 202, message: 'Deleted', bare: true, data: null };
  }),
};

const eventsSpec = { ...spec, query: sentryEventsQuery } as const;

export const issueEvents = {
  GET: route(eventsSpec, async ({ req, tenant, params, query }) => {
    const issue = await issueOf(tenant, params);
    if (query.query)
      throw new AppError(
        'BAD_REQUEST',
        'Searching an issue’s events is not supported: filter by environment or period',
      );
    const cursor = parseCursor(query.cursor);
    const { events, links } = await listIssueEvents(issue.id, {
      offset: cursor?.offset ?? 0,
      limit: query.limit,
      full: query.full === 'true' || query.full === '1',
      filter: { environments: query.environment, start: query.start ?? null, end: query.end ?? null },
    });
    return bare(events, { headers: { Link: linkHeader(publicUrl(req), links) } });
  }),
};

export const issueEventById = {
  GET: route(
    { ...sentrySpec, params: base.extend({ eventId: z.string().min(1).max(64) }) },
    async ({ tenant, params }) => {
      const issue = await issueOf(tenant, params);
      const which = params.eventId;
      if (which === 'latest' || which === 'oldest' || which === 'recommended')
        return bare(await issueEvent(issue.id, which));
      return bare(await projectEvent(issue.projectId, which, issue.id));
    },
  ),
};

const tagSpec = { ...spec, params: base.extend({ key: z.string().min(1).max(200) }) } as const;

export const issueTags = {
  GET: route(
    { ...spec, query: z.object({ key: z.string().max(200).optional(), limit: sentryTagValuesQuery.shape.limit }) },
    async ({ tenant, params, query }) => {
      const issue = await issueOf(tenant, params);
      return bare(await issueTagKeys(issue.id, { key: query.key ?? null, limit: Math.min(query.limit, 100) }));
    },
  ),
};

export const issueTag = {
  GET: route(tagSpec, async ({ tenant, params }) => {
    const issue = await issueOf(tenant, params);
    return bare(await issueTagKey(issue.id, params.key));
  }),
};

export const issueTagValueList = {
  GET: route({ ...tagSpec, query: sentryTagValuesQuery }, async ({ req, tenant, params, query }) => {
    const issue = await issueOf(tenant, params);
    const cursor = parseCursor(query.cursor);
    const { values, links } = await issueTagValues(issue.id, params.key, {
      offset: cursor?.offset ?? 0,
      limit: query.limit,
    });
    return bare(values, { headers: { Link: linkHeader(publicUrl(req), links) } });
  }),
};
