import { route } from '@/lib/http/route';
import { createAlertRule, listAlertRules } from '@/lib/alerts/rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { projectParams } from '@/lib/zod/projects';
import { createAlertSchema } from '@/lib/zod/alerts';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  const rules = await listAlertRules(tenant.orgId, params.projectId);
  return { message: 'Alerts fetched', data: rules.map(serializeAlertRule) };
});

export const POST = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: createAlertSchema },
  async ({ tenant, body }) => {
    const rule = await createAlertRule(tenant.orgId, tenant.projectId, body);
    return {
      status: 201,
      message: 'Alert created',
      data: { ...serializeAlertRule(rule), webhookSecret: rule.webhookSecret },
    };
  },
);
