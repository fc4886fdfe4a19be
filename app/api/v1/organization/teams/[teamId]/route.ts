import { route } from '@/lib/http/route';
import { deleteTeam } from '@/lib/teams/delete-team';
import { getTeam } from '@/lib/teams/list-teams';
import { updateTeam } from '@/lib/teams/update-team';
import { teamParams, updateTeamSchema } from '@/lib/zod/teams';

export const GET = route({ auth: 'session', scope: 'organization', params: teamParams }, async ({ tenant, params }) => {
  return { message: 'Team fetched', data: await getTeam(tenant.orgId, params.teamId) };
});

export const PATCH = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamParams, body: updateTeamSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Team updated', data: await updateTeam(tenant.orgId, params.teamId, body) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamParams },
  async ({ tenant, params }) => {
    await deleteTeam(tenant.orgId, params.teamId, tenant.userId);
    return { message: 'Team deleted' };
  },
);
