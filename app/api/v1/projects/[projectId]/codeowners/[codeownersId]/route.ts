import { route } from '@/lib/http/route';
import { deleteCodeowners } from '@/lib/ownership/ownership-settings';
import { codeownersParams } from '@/lib/zod/ownership';

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: codeownersParams },
  async ({ tenant, params }) => {
    await deleteCodeowners(tenant.orgId, params.projectId, params.codeownersId);
    return { message: 'CODEOWNERS file deleted' };
  },
);
