import { route } from '@/lib/http/route';
import { revokeInvite } from '@/lib/invites/revoke-invite';
import { inviteIdParams } from '@/lib/zod/orgs';

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: inviteIdParams },
  async ({ tenant, params }) => {
    await revokeInvite(tenant.orgId, params.inviteId);
    return { message: 'Invite revoked' };
  },
);
