import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg, serializeOrganizationDetails } from '@/lib/sentry-api/org';

export const GET = route(sentrySpec, async ({ tenant, params }) => ({
  message: 'Success',
  bare: true,
  data: serializeOrganizationDetails(await sentryOrg(tenant, params.org), tenant.role),
}));
