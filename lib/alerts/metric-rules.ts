// Metric alert rules (#62) as the API changes them: stored as alert rules of type METRIC (so deliveries, their log,
// the webhook secret and deletion are the other rules'), each with its Explore query checked against its dataset
// when saved (an unknown field is a 400 then, not a failed evaluation later). Tenant scope is in every `where`.
import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { issuesFromZod, notFound, validationError } from '@/lib/errors';
import { exploreScope } from '@/lib/explore/run-explore';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { clock } from '@/lib/clock';
import {
  createMetricAlertSchema,
  type CreateMetricAlertBody,
  type CreateMetricAlertInput,
  type MetricQuery,
  type UpdateMetricAlertInput,
} from '@/lib/zod/metric-alerts';
import { metricStatement } from './metric-query';

const INCIDENT_LIMIT = 100;

/** Compiles the rule's statement once, without running it: Explore's 400 when the query does not fit the dataset. */
async function checkQuery(t: ProjectTenant, r: Pick<CreateMetricAlertInput, 'query' | 'windowMinutes' | 'comparison'>) {
  const scope = await exploreScope(t, { projects: [t.projectId] });
  metricStatement(r, { nowMs: clock.now().getTime(), retentionDays: scope.retentionDays, project: scope.projects[0] });
}

/** Chat and paging providers (#64): what a metric incident can be sent to (an issue tracker has no incident). */
const INCIDENT_PROVIDERS = ['slack', 'teams', 'pagerduty', 'opsgenie'];

/** The rule's integration must be the organization's (else the issue rules' 400) and a chat or paging one. */
async function checkIntegration(t: ProjectTenant, integrationId: string | null) {
  if (!integrationId) return;
  const found = await db.integration.findFirst({
    where: { id: integrationId, orgId: t.orgId },
    select: { provider: true },
  });
  if (!found)
    throw validationError([{ path: ['ticketIntegrationId'], message: 'Integration not found in this organization' }]);
  if (!INCIDENT_PROVIDERS.includes(found.provider))
    throw validationError([
      { path: ['ticketIntegrationId'], message: 'A metric alert can only go to a chat or paging integration' },
    ]);
}

const columns = (r: CreateMetricAlertInput) => ({
  name: r.name,
  windowMinutes: r.windowMinutes,
  notifyEmail: r.notifyEmail,
  webhookUrl: r.webhookUrl,
  webhookFormat: r.webhookFormat,
  ticketIntegrationId: r.ticketIntegrationId,
  enabled: r.enabled,
  metricQuery: r.query,
  metricDirection: r.direction,
  warningThreshold: r.warningThreshold,
  criticalThreshold: r.criticalThreshold,
  resolveThreshold: r.resolveThreshold,
  metricComparison: r.comparison,
  mutedUntil: r.mutedUntil ? new Date(r.mutedUntil) : null,
});

export async function createMetricAlert(t: ProjectTenant, input: CreateMetricAlertInput) {
  await checkQuery(t, input);
  await checkIntegration(t, input.ticketIntegrationId);
  return db.alertRule.create({
    data: {
      projectId: t.projectId,
      type: 'METRIC',
      ...columns(input),
      webhookSecret: crypto.randomBytes(32).toString('hex'),
    },
    omit: { webhookSecret: false },
  });
}

async function getMetricRule(t: ProjectTenant, ruleId: string) {
  const rule = await db.alertRule.findFirst({
    where: { id: ruleId, type: 'METRIC', projectId: t.projectId, project: { orgId: t.orgId } },
  });
  if (!rule) throw notFound('Metric alert');
  return rule;
}

export async function listMetricAlerts(t: ProjectTenant) {
  return db.alertRule.findMany({
    where: { type: 'METRIC', projectId: t.projectId, project: { orgId: t.orgId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** Any subset of the fields: the merged rule passes the checks of a new one. */
export async function updateMetricAlert(t: ProjectTenant, ruleId: string, input: UpdateMetricAlertInput) {
  const current = await getMetricRule(t, ruleId);
  const merged: CreateMetricAlertBody = {
    name: current.name,
    query: current.metricQuery as MetricQuery,
    direction: current.metricDirection as 'above' | 'below',
    warningThreshold: current.warningThreshold,
    criticalThreshold: current.criticalThreshold!,
    resolveThreshold: current.resolveThreshold,
    windowMinutes: current.windowMinutes!,
    comparison: current.metricComparison as '1d' | '1w' | null,
    notifyEmail: current.notifyEmail,
    webhookUrl: current.webhookUrl,
    webhookFormat: current.webhookFormat,
    ticketIntegrationId: current.ticketIntegrationId,
    enabled: current.enabled,
    mutedUntil: current.mutedUntil?.toISOString() ?? null,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  const parsed = createMetricAlertSchema.safeParse(merged);
  if (!parsed.success) throw validationError(issuesFromZod(parsed.error));
  await checkQuery(t, parsed.data);
  if (parsed.data.ticketIntegrationId !== current.ticketIntegrationId)
    await checkIntegration(t, parsed.data.ticketIntegrationId);
  return db.alertRule.update({ where: { id: current.id }, data: columns(parsed.data) });
}

/** The project's incidents, newest first, each with its rule's name. */
export async function listMetricIncidents(t: ProjectTenant) {
  return db.metricAlertIncident.findMany({
    where: { projectId: t.projectId, rule: { projectId: t.projectId, project: { orgId: t.orgId } } },
    include: { rule: { select: { name: true } } },
    orderBy: [{ openedAt: 'desc' }, { id: 'desc' }],
    take: INCIDENT_LIMIT,
  });
}

type IncidentRow = Awaited<ReturnType<typeof listMetricIncidents>>[number];

export function serializeMetricIncident(i: IncidentRow) {
  return {
    id: i.id,
    ruleId: i.ruleId,
    ruleName: i.rule.name,
    level: i.level,
    group: i.groupLabel,
    openedAt: i.openedAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    peakValue: i.peakValue,
    peakAt: i.peakAt.toISOString(),
    lastValue: i.lastValue,
    timeline: i.timeline as { at: string; kind: string; level: string; value: number; notified: boolean }[],
  };
}
