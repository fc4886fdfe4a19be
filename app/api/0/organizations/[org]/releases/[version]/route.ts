import { route } from '@/lib/http/route';
import { assertOrg, releaseSpec } from '@/lib/releases/sentry-route';
import {
  deleteSentryRelease,
  getSentryRelease,
  updateReleaseSchema,
  updateSentryRelease,
} from '@/lib/releases/sentry-releases';

// sentry-cli `releases info`, `finalize` and `set-commits` (PUT), `delete`.
export const GET = route(releaseSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await getSentryRelease(tenant.orgId, params.version) };
});

export const PUT = route(
  { ...releaseSpec, role: 'MEMBER', body: updateReleaseSchema },
  async ({ tenant, params, body }) => {
    await assertOrg(tenant.orgId, params.org);
    return { message: 'Success', bare: true, data: await updateSentryRelease(tenant.orgId, params.version, body) };
  },
);

export const DELETE = route({ ...releaseSpec, role: 'ADMIN' }, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  await deleteSentryRelease(tenant.orgId, params.version);
  return { status: 204, message: 'Deleted' };
});
