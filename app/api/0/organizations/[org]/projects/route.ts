import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg } from '@/lib/sentry-api/org';
import { listSentryProjects } from '@/lib/sentry-api/projects';

export const GET = route(sentrySpec, async ({ tenant, params }) => {
  const org = await sentryOrg(tenant, params.org);
  return { message: 'Success', bare: true, data: await listSentryProjects(org.id, tenant.role) };
});
