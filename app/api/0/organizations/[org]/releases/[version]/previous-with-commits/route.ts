import { route } from '@/lib/http/route';
import { assertOrg, releaseSpec } from '@/lib/releases/sentry-route';
import { previousWithCommits } from '@/lib/releases/sentry-releases';

// sentry-cli `set-commits`: where the previous release's commits ended, so only newer ones are sent.
export const GET = route(releaseSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await previousWithCommits(tenant.orgId, params.version) };
});
