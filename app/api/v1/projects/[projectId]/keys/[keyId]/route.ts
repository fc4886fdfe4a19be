import { route } from '@/lib/http/route';
import { deleteKey, updateKey } from '@/lib/projects/keys';
import { serializeKey } from '@/lib/projects/serialize';
import { keyParams, updateKeySchema } from '@/lib/zod/projects';

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: keyParams, body: updateKeySchema },
  async ({ tenant, params, body }) => {
    const key = await updateKey({ orgId: tenant.orgId, projectId: params.projectId, keyId: params.keyId, input: body });
    return { message: 'Key updated', data: serializeKey(key, key.project.number) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: keyParams },
  async ({ tenant, params }) => {
    await deleteKey(tenant.orgId, params.projectId, params.keyId);
    return { message: 'Key deleted' };
  },
);
