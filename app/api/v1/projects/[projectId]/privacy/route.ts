import { route } from '@/lib/http/route';
import { getProjectPrivacy, updateProjectPrivacy } from '@/lib/privacy/privacy-settings';
import { projectParams } from '@/lib/zod/projects';
import { updateProjectPrivacySchema } from '@/lib/zod/privacy';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: await getProjectPrivacy(tenant.orgId, params.projectId) };
});

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updateProjectPrivacySchema },
  async ({ tenant, params, body }) => {
    return {
      message: 'Privacy settings updated',
      data: await updateProjectPrivacy(tenant.orgId, params.projectId, body),
    };
  },
);
