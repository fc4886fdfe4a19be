import { route } from '@/lib/http/route';
import { getGrouping, updateGrouping } from '@/lib/grouping-settings/grouping-settings';
import { updateGroupingSchema } from '@/lib/zod/grouping';
import { projectParams } from '@/lib/zod/projects';

// The project's grouping version, fingerprint rules and stack trace rules (#63); ADMIN changes them.
export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Success', data: await getGrouping(tenant) };
});

export const PUT = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updateGroupingSchema },
  async ({ tenant, body }) => {
    return { message: 'Grouping settings saved', data: await updateGrouping(tenant, body) };
  },
);
