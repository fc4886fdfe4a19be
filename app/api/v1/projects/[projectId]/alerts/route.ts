import { requireOrg, route } from '@/lib/http/route';
import { createAlertRule, listAlertRules } from '@/lib/alerts/rules';
import { serializeAlertRule } from '@/lib/alerts/serialize';
import { projectParams } from '@/lib/zod/projects';
import { createAlertSchema } from '@/lib/zod/alerts';

export const GET = route({ auth: 'session', params: projectParams }, async ({ session, params }) => {
  const rules = await listAlertRules(requireOrg(session), params.projectId);
  return { message: 'Alerts fetched', data: rules.map(serializeAlertRule) };
});

export const POST = route({ auth: 'session', params: projectParams, body: createAlertSchema }, async ({ session, params, body }) => {
  const rule = await createAlertRule(requireOrg(session), params.projectId, body);
  return { status: 201, message: 'Alert created', data: { ...serializeAlertRule(rule), webhookSecret: rule.webhookSecret } };
});
