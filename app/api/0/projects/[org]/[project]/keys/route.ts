import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectBySlug, sentryKeys } from '@/lib/sentry-api/projects';
import { sentryProjectParams } from '@/lib/zod/sentry-api';

// A project's client keys (DSNs).
export const GET = route({ ...sentrySpec, params: sentryProjectParams }, async ({ tenant, params }) => {
  const org = await sentryOrg(tenant, params.org);
  return { message: 'Success', bare: true, data: await sentryKeys(await projectBySlug(org.id, params.project)) };
});
