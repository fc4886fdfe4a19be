import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { sentryOrg } from '@/lib/sentry-api/org';

// No integrations here (repositories come from sentry-cli's commits): Sentry's answer for none.
export const GET = route(sentrySpec, async ({ tenant, params }) => {
  await sentryOrg(tenant, params.org);
  return { message: 'Success', bare: true, data: [] };
});
