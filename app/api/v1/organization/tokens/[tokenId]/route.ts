import { route } from '@/lib/http/route';
import { revokeApiToken } from '@/lib/api-tokens/revoke-api-token';
import { apiTokenParams } from '@/lib/api-tokens/scopes';

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false, params: apiTokenParams },
  async ({ tenant, params }) => {
    return { message: 'API token revoked', data: await revokeApiToken(tenant.orgId, params.tokenId) };
  },
);
