import { route } from '@/lib/http/route';
import { getOrgSso, updateOrgSso, updateOrgSsoSchema } from '@/lib/auth/org-sso';

// Whether the organization requires single sign-on (and whether the server offers it).
export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Success', data: await getOrgSso(tenant.orgId, tenant.userId) };
});

export const PATCH = route(
  { auth: 'session', scope: 'organization', role: 'OWNER', body: updateOrgSsoSchema },
  async ({ tenant, body }) => {
    return {
      message: 'Single sign-on settings updated',
      data: await updateOrgSso(tenant.orgId, tenant.userId, body.requireSso),
    };
  },
);
