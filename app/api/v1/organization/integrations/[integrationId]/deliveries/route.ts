import { route } from '@/lib/http/route';
import { listDeliveries } from '@/lib/integrations/deliveries';
import { integrationOf } from '@/lib/integrations/manage-integrations';
import { deliveriesQuery, integrationParams } from '@/lib/zod/integrations';

export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: integrationParams, query: deliveriesQuery },
  async ({ tenant, params, query }) => {
    const integration = await integrationOf(tenant.orgId, params.integrationId);
    return { message: 'Deliveries fetched', data: await listDeliveries(integration.id, query) };
  },
);
