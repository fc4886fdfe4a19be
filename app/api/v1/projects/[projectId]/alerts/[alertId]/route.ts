import { requireOrg, route } from '@/lib/http/route';
import { deleteAlertRule, updateAlertRule } from '@/lib/alerts/rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { alertParams, updateAlertSchema } from '@/lib/zod/alerts';

export const PATCH = route({ auth: 'session', params: alertParams, body: updateAlertSchema }, async ({ session, params, body }) => {
  const rule = await updateAlertRule(requireOrg(session), params.projectId, params.alertId, body);
  return { message: 'Alert updated', data: serializeAlertRule(rule) };
});

export const DELETE = route({ auth: 'session', params: alertParams }, async ({ session, params }) => {
  await deleteAlertRule(requireOrg(session), params.projectId, params.alertId);
  return { message: 'Alert deleted' };
});
