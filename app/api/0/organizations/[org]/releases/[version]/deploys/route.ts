import { route } from '@/lib/http/route';
import { assertOrg, releaseSpec } from '@/lib/releases/sentry-route';
import { createDeploy, listDeploys, newDeploySchema } from '@/lib/releases/sentry-releases';

// sentry-cli `deploys new -r <version> -e <environment>` and `deploys list`.
export const GET = route(releaseSpec, async ({ tenant, params }) => {
  await assertOrg(tenant.orgId, params.org);
  return { message: 'Success', bare: true, data: await listDeploys(tenant.orgId, params.version) };
});

export const POST = route(
  { ...releaseSpec, role: 'MEMBER', body: newDeploySchema },
  async ({ tenant, params, body }) => {
    await assertOrg(tenant.orgId, params.org);
    return {
      status: 201,
      message: 'Success',
      bare: true,
      data: await createDeploy(tenant.orgId, params.version, body),
    };
  },
);
