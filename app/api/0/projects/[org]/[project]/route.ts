import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg } from '@/lib/sentry-api/org';
import { projectBySlug, projectDetails } from '@/lib/sentry-api/projects';
import { sentryProjectParams } from '@/lib/zod/sentry-api';

export const GET = route({ ...sentrySpec, params: sentryProjectParams }, async ({ tenant, params }) => {
  const org = await sentryOrg(tenant, params.org);
  const project = await projectBySlug(org.id, params.project);
  return { message: 'Success', bare: true, data: await projectDetails(org, project, tenant.role) };
});
