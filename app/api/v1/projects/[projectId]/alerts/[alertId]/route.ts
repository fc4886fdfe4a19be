import { route } from '@/lib/http/route';
import { deleteAlertRule, updateAlertRule } from '@/lib/alerts/rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { alertParams, updateAlertSchema } from '@/lib/zod/alerts';

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: alertParams, body: updateAlertSchema },
  async ({ tenant, params, body }) => {
    const rule = await updateAlertRule({
      orgId: tenant.orgId,
      projectId: params.projectId,
      ruleId: params.alertId,
      input: body,
    });
    return { message: 'Alert updated', data: serializeAlertRule(rule) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: alertParams },
  async ({ tenant, params }) => {
    await deleteAlertRule(tenant.orgId, params.projectId, params.alertId);
    return { message: 'Alert deleted' };
  },
);
