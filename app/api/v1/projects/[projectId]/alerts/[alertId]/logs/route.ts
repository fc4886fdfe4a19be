import { route } from '@/lib/http/route';
import { listAlertLogs } from '@/lib/alerts/rules';
import { serializeAlertLog } from '@/lib/alerts/serialize';
import { alertParams } from '@/lib/zod/alerts';

export const GET = route({ auth: 'session', scope: 'project', params: alertParams }, async ({ tenant, params }) => {
  const logs = await listAlertLogs(tenant.orgId, params.projectId, params.alertId);
  return { message: 'Alert logs fetched', data: logs.map(serializeAlertLog) };
});
