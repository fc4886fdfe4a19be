import { route } from '@/lib/http/route';
import { personOf, sentrySpec } from '@/lib/sentry-api/caller';
import { listSentryTeams } from '@/lib/sentry-api/members';
import { sentryOrg } from '@/lib/sentry-api/org';

export const GET = route(sentrySpec, async ({ tenant, params }) => {
  const org = await sentryOrg(tenant, params.org);
  const data = await listSentryTeams(org.id, { userId: await personOf(tenant), role: tenant.role });
  return { message: 'Success', bare: true, data };
});
