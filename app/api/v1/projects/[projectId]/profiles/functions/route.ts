import { route } from '@/lib/http/route';
import { functionsQuery, slowestFunctions } from '@/lib/profiles/profile-api';
import { projectParams } from '@/lib/zod/projects';

// The project's slowest functions (#47): self and total time, p75 of a call, calls, example profiles.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: functionsQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await slowestFunctions(tenant, query) };
  },
);
