import { route } from '@/lib/http/route';
import { getPerformanceSettings, updatePerformanceSettings } from '@/lib/performance-issues/settings-api';
import { updatePerformanceSettingsSchema } from '@/lib/zod/performance-issues';
import { projectParams } from '@/lib/zod/projects';

// The project's performance issue detectors (#62): their switches and thresholds; ADMIN changes them.
export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Success', data: await getPerformanceSettings(tenant) };
});

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updatePerformanceSettingsSchema },
  async ({ tenant, body }) => {
    return { message: 'Performance issue settings updated', data: await updatePerformanceSettings(tenant, body) };
  },
);
