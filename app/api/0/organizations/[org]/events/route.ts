import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { publicUrl, sentrySpec } from '@/lib/sentry-api/caller';
import { linkHeader } from '@/lib/sentry-api/cursor';
import { discover } from '@/lib/sentry-api/discover';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectIdsOf } from '@/lib/sentry-api/projects';
import { sentryDiscoverQuery } from '@/lib/zod/sentry-api';

// Sentry's events endpoint for the logs, errors and spans datasets (`sentry-cli logs list`; fields and search keys
// in docs/api-compat.md).
export const GET = route({ ...sentrySpec, query: sentryDiscoverQuery }, async ({ req, tenant, params, query }) => {
  const org = await sentryOrg(tenant, params.org);
  const ids = await projectIdsOf(org.id, query.project);
  const projects = await db.project.findMany({
    where: { id: { in: ids } },
    select: { id: true, number: true, slug: true },
  });
  if (query.environment.length > 1) throw new AppError('BAD_REQUEST', 'One environment at a time on this endpoint');
  const environments = query.environment.map((e) => `environment:${JSON.stringify(e)}`);
  const { body, links } = await discover({
    dataset: query.dataset,
    fields: query.field,
    query: [query.query, ...environments].join(' '),
    sort: query.sort,
    perPage: query.per_page,
    cursor: query.cursor,
    statsPeriod: query.statsPeriod,
    start: query.start,
    end: query.end,
    projects,
  });
  return { message: 'Success', bare: true, data: body, headers: { Link: linkHeader(publicUrl(req), links) } };
});
