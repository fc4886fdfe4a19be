import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectIdsOf } from '@/lib/sentry-api/projects';
import { statsV2 } from '@/lib/sentry-api/stats-v2';
import { sentryStatsV2Query } from '@/lib/zod/sentry-api';

// Sentry's usage stats, from the outcomes of every item received (the Stats page's figures).
export const GET = route({ ...sentrySpec, query: sentryStatsV2Query }, async ({ tenant, params, query }) => {
  const org = await sentryOrg(tenant, params.org);
  const ids = await projectIdsOf(org.id, query.project);
  const projects = await db.project.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } });
  return { message: 'Success', bare: true, data: await statsV2({ ...query, projects }) };
});
