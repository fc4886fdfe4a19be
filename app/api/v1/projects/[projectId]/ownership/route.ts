import { route } from '@/lib/http/route';
import { getOwnership, updateOwnership } from '@/lib/ownership/ownership-settings';
import { projectParams } from '@/lib/zod/projects';
import { updateOwnershipSchema } from '@/lib/zod/ownership';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: await getOwnership(tenant.orgId, params.projectId) };
});

export const PUT = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updateOwnershipSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Ownership rules saved', data: await updateOwnership(tenant.orgId, params.projectId, body) };
  },
);
