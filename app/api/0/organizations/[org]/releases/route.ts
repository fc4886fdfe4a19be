import { route } from '@/lib/http/route';
import { assertOrg, orgSpec } from '@/lib/releases/sentry-route';
import { listSentryReleases, newReleaseSchema, upsertSentryRelease } from '@/lib/releases/sentry-releases';

// sentry-cli `releases list` (no project) and `releases new` (also re-sent by set-commits: an upsert, 208 when it exists).
export const GET = route(orgSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await listSentryReleases(tenant.orgId) };
});

export const POST = route({ ...orgSpec, role: 'MEMBER', body: newReleaseSchema }, async ({ tenant, params, body }) => {
  await assertOrg(tenant.orgId, params.org);
  const { created, release } = await upsertSentryRelease(tenant.orgId, body);
  return { status: created ? 201 : 208, message: 'Success', bare: true, data: release };
});
