import { route } from '@/lib/http/route';
import { createTeam } from '@/lib/teams/create-team';
import { listTeams } from '@/lib/teams/list-teams';
import { createTeamSchema } from '@/lib/zod/teams';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Teams fetched', data: await listTeams(tenant.orgId) };
});

export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', body: createTeamSchema },
  async ({ tenant, body }) => {
    return { status: 201, message: 'Team created', data: await createTeam(tenant.orgId, body) };
  },
);
