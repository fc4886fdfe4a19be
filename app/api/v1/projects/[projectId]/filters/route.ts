import { route } from '@/lib/http/route';
import { updateInboundFiltersSchema } from '@/lib/ingest/enrich/inbound-filters';
import { getProjectFilters, updateProjectFilters } from '@/lib/filters/project-filters';
import { projectParams } from '@/lib/zod/projects';

// The project's inbound filters and discarded issues (settings); ADMIN changes them.
export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Success', data: await getProjectFilters(tenant) };
});

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updateInboundFiltersSchema },
  async ({ tenant, body }) => {
    return { message: 'Inbound filters updated', data: await updateProjectFilters(tenant, body) };
  },
);
