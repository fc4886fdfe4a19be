import { route } from '@/lib/http/route';
import { getOwnership, uploadCodeowners } from '@/lib/ownership/ownership-settings';
import { projectParams } from '@/lib/zod/projects';
import { uploadCodeownersSchema } from '@/lib/zod/ownership';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: (await getOwnership(tenant.orgId, params.projectId)).codeowners };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: uploadCodeownersSchema },
  async ({ tenant, params, body }) => {
    return {
      status: 201,
      message: 'CODEOWNERS file uploaded',
      data: await uploadCodeowners(tenant.orgId, params.projectId, body),
    };
  },
);
