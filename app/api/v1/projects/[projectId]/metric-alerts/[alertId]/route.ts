import { route } from '@/lib/http/route';
import { updateMetricAlert } from '@/lib/alerts/metric-rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { alertParams } from '@/lib/zod/alerts';
import { updateMetricAlertSchema } from '@/lib/zod/metric-alerts';

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: alertParams, body: updateMetricAlertSchema },
  async ({ tenant, params, body }) => {
    const rule = await updateMetricAlert(tenant, params.alertId, body);
    return { message: 'Metric alert updated', data: serializeAlertRule(rule) };
  },
);
