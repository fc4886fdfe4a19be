import { route } from '@/lib/http/route';
import { previewOwnership } from '@/lib/ownership/ownership-settings';
import { projectParams } from '@/lib/zod/projects';
import { previewOwnershipSchema } from '@/lib/zod/ownership';

export const POST = route(
  { auth: 'session', scope: 'project', params: projectParams, body: previewOwnershipSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Success', data: await previewOwnership(tenant.orgId, params.projectId, body.raw) };
  },
);
