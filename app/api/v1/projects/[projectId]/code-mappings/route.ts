import { route } from '@/lib/http/route';
import { createCodeMapping, listCodeMappings } from '@/lib/integrations/code-mappings';
import { codeMappingSchema } from '@/lib/zod/integrations';
import { projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Code mappings fetched', data: await listCodeMappings(tenant) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: codeMappingSchema },
  async ({ tenant, body }) => {
    return { status: 201, message: 'Code mapping created', data: await createCodeMapping(tenant, body) };
  },
);
