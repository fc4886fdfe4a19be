import { route } from '@/lib/http/route';
import { assertOrg, orgSpec } from '@/lib/releases/sentry-route';

// No repository integrations: an empty list, so `set-commits --auto` takes the commits from the local git tree.
export const GET = route(orgSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: [] };
});
