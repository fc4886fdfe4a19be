import { route } from '@/lib/http/route';
import { getOrgTwoFactor, updateOrgTwoFactor, updateOrgTwoFactorSchema } from '@/lib/auth/two-factor/org-requirement';

// Whether the organization requires two-factor sign-in, and how many members have no second factor yet.
export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Success', data: await getOrgTwoFactor(tenant.orgId, tenant.userId) };
});

export const PATCH = route(
  { auth: 'session', scope: 'organization', role: 'OWNER', body: updateOrgTwoFactorSchema },
  async ({ tenant, body }) => {
    return {
      message: 'Two-factor settings updated',
      data: await updateOrgTwoFactor(tenant.orgId, tenant.userId, body.requireTwoFactor),
    };
  },
);
