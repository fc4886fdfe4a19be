import { route } from '@/lib/http/route';
import { createApiToken } from '@/lib/api-tokens/create-api-token';
import { listApiTokens } from '@/lib/api-tokens/list-api-tokens';
import { createApiTokenSchema } from '@/lib/api-tokens/scopes';

// Tokens are managed from a signed-in session only, so a leaked token cannot mint or keep others.
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false },
  async ({ tenant }) => {
    return { message: 'Success', data: await listApiTokens(tenant.orgId) };
  },
);

export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', tokens: false, body: createApiTokenSchema },
  async ({ tenant, body }) => {
    return {
      status: 201,
      message: 'API token created; copy it now, it is not shown again',
      data: await createApiToken(tenant, body),
    };
  },
);
