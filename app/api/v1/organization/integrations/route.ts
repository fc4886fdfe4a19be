import { route } from '@/lib/http/route';
import { connectIntegration, listIntegrations } from '@/lib/integrations/manage-integrations';
import { connectIntegrationSchema } from '@/lib/zod/integrations';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Integrations fetched', data: await listIntegrations(tenant.orgId) };
});

// Secrets are given from a signed-in session only, by an OWNER or ADMIN (503 without INTEGRATIONS_ENCRYPTION_KEY).
export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false, body: connectIntegrationSchema },
  async ({ tenant, body }) => {
    return { status: 201, message: 'Integration connected', data: await connectIntegration(tenant, body) };
  },
);
