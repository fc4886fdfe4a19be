import { route } from '@/lib/http/route';
import { deleteMonitor, monitorParams, updateMonitor, updateMonitorSchema } from '@/lib/monitors/monitor-api';

// Edit (schedule, margins, thresholds), mute or delete a monitor.
export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: monitorParams, body: updateMonitorSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Monitor updated', data: await updateMonitor(tenant, params.monitorId, body) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: monitorParams },
  async ({ tenant, params }) => {
    await deleteMonitor(tenant, params.monitorId);
    return { message: 'Monitor deleted' };
  },
);
