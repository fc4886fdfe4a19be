import { route } from '@/lib/http/route';
import { createKey, listKeys } from '@/lib/projects/keys';
import { serializeKey } from '@/lib/projects/serialize';
import { createKeySchema, projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  const keys = await listKeys(tenant.orgId, params.projectId);
  return { message: 'Keys fetched', data: keys.map((k) => serializeKey(k, k.project.number)) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: createKeySchema },
  async ({ tenant, body }) => {
    const key = await createKey(tenant.orgId, tenant.projectId, body.label);
    return { status: 201, message: 'Key created', data: serializeKey(key, key.project.number) };
  },
);
