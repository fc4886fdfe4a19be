import { requireOrg, route } from '@/lib/http/route';
import { deleteKey, updateKey } from '@/lib/projects/keys';
import { serializeKey } from '@/lib/projects/serialize';
import { keyParams, updateKeySchema } from '@/lib/zod/projects';

export const PATCH = route({ auth: 'session', params: keyParams, body: updateKeySchema }, async ({ session, params, body }) => {
  const key = await updateKey(requireOrg(session), params.projectId, params.keyId, body);
  return { message: 'Key updated', data: serializeKey(key, key.project.number) };
});

export const DELETE = route({ auth: 'session', params: keyParams }, async ({ session, params }) => {
  await deleteKey(requireOrg(session), params.projectId, params.keyId);
  return { message: 'Key deleted' };
});
