import { route } from '@/lib/http/route';
import { rotateIntegration } from '@/lib/integrations/manage-integrations';
import { integrationParams, rotateIntegrationSchema } from '@/lib/zod/integrations';

// New secrets replace the ones given; every secret is sealed again under the current key.
export const POST = route(
  {
    auth: 'session',
    scope: 'organization',
    role: 'ADMIN',
    tokens: false,
    params: integrationParams,
    body: rotateIntegrationSchema,
  },
  async ({ tenant, params, body }) => {
    return { message: 'Secrets rotated', data: await rotateIntegration(tenant, params.integrationId, body) };
  },
);
