import { route } from '@/lib/http/route';
import { getOrgPrivacy, updateOrgPrivacy } from '@/lib/privacy/privacy-settings';
import { updateOrgPrivacySchema } from '@/lib/zod/privacy';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Success', data: await getOrgPrivacy(tenant.orgId) };
});

export const PATCH = route(
  { auth: 'session', scope: 'organization', role: 'OWNER', body: updateOrgPrivacySchema },
  async ({ tenant, body }) => {
    return { message: 'Privacy settings updated', data: await updateOrgPrivacy(tenant.orgId, body.requireScrubbing) };
  },
);
