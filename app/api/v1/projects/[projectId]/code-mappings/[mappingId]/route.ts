import { route } from '@/lib/http/route';
import { deleteCodeMapping, updateCodeMapping } from '@/lib/integrations/code-mappings';
import { codeMappingParams, updateCodeMappingSchema } from '@/lib/zod/integrations';

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: codeMappingParams, body: updateCodeMappingSchema },
  async ({ tenant, params, body }) => {
    return {
      message: 'Code mapping updated',
      data: await updateCodeMapping(tenant, { id: params.mappingId, input: body }),
    };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: codeMappingParams },
  async ({ tenant, params }) => {
    await deleteCodeMapping(tenant, params.mappingId);
    return { message: 'Code mapping deleted' };
  },
);
