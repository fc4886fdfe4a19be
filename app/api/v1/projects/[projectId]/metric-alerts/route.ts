import { route } from '@/lib/http/route';
import { createMetricAlert, listMetricAlerts } from '@/lib/alerts/metric-rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { projectParams } from '@/lib/zod/projects';
import { createMetricAlertSchema } from '@/lib/zod/metric-alerts';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  const rules = await listMetricAlerts(tenant);
  return { message: 'Metric alerts fetched', data: rules.map(serializeAlertRule) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: createMetricAlertSchema },
  async ({ tenant, body }) => {
    const rule = await createMetricAlert(tenant, body);
    return {
      status: 201,
      message: 'Metric alert created',
      data: { ...serializeAlertRule(rule), webhookSecret: rule.webhookSecret },
    };
  },
);
