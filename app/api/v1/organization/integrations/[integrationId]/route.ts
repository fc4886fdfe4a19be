import { route } from '@/lib/http/route';
import { disconnectIntegration, getIntegration, updateIntegration } from '@/lib/integrations/manage-integrations';
import { integrationParams, updateIntegrationSchema } from '@/lib/zod/integrations';

export const GET = route(
  { auth: 'session', scope: 'organization', params: integrationParams },
  async ({ tenant, params }) => {
    return { message: 'Integration fetched', data: await getIntegration(tenant.orgId, params.integrationId) };
  },
);

export const PATCH = route(
  {
    auth: 'session',
    scope: 'organization',
    role: 'ADMIN',
    tokens: false,
    params: integrationParams,
    body: updateIntegrationSchema,
  },
  async ({ tenant, params, body }) => {
    return { message: 'Integration updated', data: await updateIntegration(tenant, params.integrationId, body) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false, params: integrationParams },
  async ({ tenant, params }) => {
    await disconnectIntegration(tenant, params.integrationId);
    return { message: 'Integration disconnected' };
  },
);
