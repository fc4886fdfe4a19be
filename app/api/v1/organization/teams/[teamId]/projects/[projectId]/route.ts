import { route } from '@/lib/http/route';
import { addTeamProject, removeTeamProject } from '@/lib/teams/manage-team';
import { teamProjectParams } from '@/lib/zod/teams';

export const PUT = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamProjectParams },
  async ({ tenant, params }) => {
    return {
      message: 'Team project added',
      data: await addTeamProject(tenant.orgId, params.teamId, params.projectId),
    };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: teamProjectParams },
  async ({ tenant, params }) => {
    return {
      message: 'Team project removed',
      data: await removeTeamProject(tenant.orgId, params.teamId, params.projectId),
    };
  },
);
