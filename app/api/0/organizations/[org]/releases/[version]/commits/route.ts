import { route } from '@/lib/http/route';
import { assertOrg, releaseSpec } from '@/lib/releases/sentry-route';
import { releaseCommits } from '@/lib/releases/sentry-releases';

// sentry-cli `releases info -C`: the release's commits, newest first.
export const GET = route(releaseSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await releaseCommits(tenant.orgId, params.version) };
});
