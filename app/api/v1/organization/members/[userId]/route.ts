import { route } from '@/lib/http/route';
import { changeMemberRole } from '@/lib/orgs/change-member-role';
import { removeMember } from '@/lib/orgs/remove-member';
import { memberParams, updateMemberSchema } from '@/lib/zod/orgs';

export const PATCH = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: memberParams, body: updateMemberSchema },
  async ({ tenant, params, body }) => {
    const m = await changeMemberRole(tenant, params.userId, body.role);
    return { message: 'Member updated', data: { userId: m.userId, role: m.role } };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: memberParams },
  async ({ tenant, params }) => {
    await removeMember(tenant, params.userId);
    return { message: 'Member removed' };
  },
);
