import { z } from 'zod';
import { route } from '@/lib/http/route';
import { assertOrg, orgSpec } from '@/lib/releases/sentry-route';
import { listSentryReleases } from '@/lib/releases/sentry-releases';

// sentry-cli `releases list` with a project configured.
const spec = {
  ...orgSpec,
  params: z.object({ org: z.string().min(1).max(100), project: z.string().min(1).max(100) }),
} as const;

export const GET = route(spec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await listSentryReleases(tenant.orgId, params.project) };
});
