import { route } from '@/lib/http/route';
import { notFound } from '@/lib/errors';
import { orgSlugParams } from '@/lib/sourcemaps/schemas';
import { assembleArtifactBundle, assembleSchema, assertOrgSlug } from '@/lib/sourcemaps/assemble-artifact-bundle';

export const POST = route(
  { auth: 'session', scope: 'organization', tokens: 'releases', params: orgSlugParams, body: assembleSchema },
  async ({ tenant, params, body }) => {
    if (!(await assertOrgSlug(tenant.orgId, params.org))) throw notFound('Organization');
    return { message: 'Success', bare: true, data: await assembleArtifactBundle(tenant.orgId, body) };
  },
);
