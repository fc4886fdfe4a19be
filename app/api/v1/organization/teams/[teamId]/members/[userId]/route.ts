import { route } from '@/lib/http/route';
import { addTeamMember, removeTeamMember } from '@/lib/teams/manage-team';
import { teamMemberParams } from '@/lib/zod/teams';

export const PUT = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamMemberParams },
  async ({ tenant, params }) => {
    return { message: 'Team member added', data: await addTeamMember(tenant.orgId, params.teamId, params.userId) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamMemberParams },
  async ({ tenant, params }) => {
    return {
      message: 'Team member removed',
      data: await removeTeamMember(tenant.orgId, params.teamId, params.userId),
    };
  },
);
