import { requireOrg, route } from '@/lib/http/route';
import { createKey, listKeys } from '@/lib/projects/keys';
import { serializeKey } from '@/lib/projects/serialize';
import { createKeySchema, projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', params: projectParams }, async ({ session, params }) => {
  const keys = await listKeys(requireOrg(session), params.projectId);
  return { message: 'Keys fetched', data: keys.map((k) => serializeKey(k, k.project.number)) };
});

export const POST = route({ auth: 'session', params: projectParams, body: createKeySchema }, async ({ session, params, body }) => {
  const key = await createKey(requireOrg(session), params.projectId, body.label);
  return { status: 201, message: 'Key created', data: serializeKey(key, key.project.number) };
});
