import { route } from '@/lib/http/route';
import { createMonitor, createMonitorSchema, listMonitors } from '@/lib/monitors/monitor-api';
import { projectParams } from '@/lib/zod/projects';

// The project's cron monitors with their recent runs; create one in the dashboard.
export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Success', data: await listMonitors(tenant) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: createMonitorSchema },
  async ({ tenant, body }) => {
    return { status: 201, message: 'Monitor created', data: await createMonitor(tenant, body) };
  },
);
