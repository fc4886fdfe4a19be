import { route } from '@/lib/http/route';
import { previewGrouping } from '@/lib/grouping-settings/grouping-settings';
import { previewGroupingSchema } from '@/lib/zod/grouping';
import { projectParams } from '@/lib/zod/projects';

// What draft grouping rules would regroup among the project's latest 1,000 events (#63); changes nothing.
export const POST = route(
  { auth: 'session', scope: 'project', params: projectParams, body: previewGroupingSchema },
  async ({ tenant, body }) => {
    return { message: 'Success', data: await previewGrouping(tenant, body) };
  },
);
