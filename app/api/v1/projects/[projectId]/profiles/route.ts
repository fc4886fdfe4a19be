import { route } from '@/lib/http/route';
import { listProfiles, listProfilesQuery } from '@/lib/profiles/profile-api';
import { projectParams } from '@/lib/zod/projects';

// The project's profiles (#47), most recent first: transaction profiles and continuous-profiling chunks.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listProfilesQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listProfiles(tenant, query) };
  },
);
