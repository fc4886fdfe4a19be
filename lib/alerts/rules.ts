import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { notFound, validationError } from '@/lib/errors';
import {
  crossFieldIssues,
  normalizeRule,
  type AlertRuleShape,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '@/lib/zod/alerts';
import { invalidateRules } from './rule-cache';

const LOG_LIMIT = 200;

/** The rule if it belongs to the project and the project to the organization; otherwise 404. */
async function getRule(orgId: string, projectId: string, ruleId: string) {
  const rule = await db.alertRule.findFirst({ where: { id: ruleId, projectId, project: { orgId } } });
  if (!rule) throw notFound('Alert rule');
  return rule;
}

// Project-scoped functions run behind the route wrapper, which has already checked the project is the caller's.
export async function listAlertRules(orgId: string, projectId: string) {
  return db.alertRule.findMany({
    where: { projectId, project: { orgId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** A team or member the rule notifies must be the organization's own (another organization's: 400, as unknown). */
async function assertTargetsInOrg(
  orgId: string,
  r: Pick<AlertRuleShape, 'targetTeamId' | 'targetUserId' | 'ticketIntegrationId'>,
) {
  const issues: { path: string[]; message: string }[] = [];
  if (
    r.ticketIntegrationId &&
    !(await db.integration.findFirst({ where: { id: r.ticketIntegrationId, orgId }, select: { id: true } }))
  )
    issues.push({ path: ['ticketIntegrationId'], message: 'Integration not found in this organization' });
  if (r.targetTeamId && !(await db.team.findFirst({ where: { id: r.targetTeamId, orgId }, select: { id: true } })))
    issues.push({ path: ['targetTeamId'], message: 'Team not found in this organization' });
  if (
    r.targetUserId &&
    !(await db.membership.findUnique({
      where: { orgId_userId: { orgId, userId: r.targetUserId } },
      select: { id: true },
    }))
  )
    issues.push({ path: ['targetUserId'], message: 'Member not found in this organization' });
  if (issues.length) throw validationError(issues);
}

/** Creates the rule with a fresh webhook secret, returned here and never again. */
export async function createAlertRule(orgId: string, projectId: string, input: CreateAlertInput) {
  await assertTargetsInOrg(orgId, input);
  const rule = await db.alertRule.create({
    data: { projectId, ...input, webhookSecret: crypto.randomBytes(32).toString('hex') },
    omit: { webhookSecret: false },
  });
  invalidateRules(projectId);
  return rule;
}

/** Applies any subset of fields; the merged rule must pass the same checks as a new one. */
export async function updateAlertRule({
  orgId,
  projectId,
  ruleId,
  input,
}: {
  orgId: string;
  projectId: string;
  ruleId: string;
  input: UpdateAlertInput;
}) {
  const current = await getRule(orgId, projectId, ruleId);
  // A metric alert has its own fields and checks (#62, metric-rules.ts).
  if (current.type === 'METRIC')
    throw validationError([
      { path: ['type'], message: 'A metric alert is changed at /api/v1/projects/:projectId/metric-alerts/:alertId' },
    ]);
  const merged: AlertRuleShape = normalizeRule({
    name: input.name ?? current.name,
    type: input.type ?? current.type,
    threshold: input.threshold !== undefined ? input.threshold : current.threshold,
    windowMinutes: input.windowMinutes !== undefined ? input.windowMinutes : current.windowMinutes,
    notifyEmail: input.notifyEmail !== undefined ? input.notifyEmail : current.notifyEmail,
    webhookUrl: input.webhookUrl !== undefined ? input.webhookUrl : current.webhookUrl,
    webhookFormat: input.webhookFormat ?? current.webhookFormat,
    enabled: input.enabled ?? current.enabled,
    crashFreeBelow: input.crashFreeBelow !== undefined ? input.crashFreeBelow : current.crashFreeBelow,
    crashFreeMetric:
      input.crashFreeMetric !== undefined
        ? input.crashFreeMetric
        : (current.crashFreeMetric as AlertRuleShape['crashFreeMetric']),
    minSessions: input.minSessions !== undefined ? input.minSessions : current.minSessions,
    targetType:
      input.targetType !== undefined ? input.targetType : (current.targetType as AlertRuleShape['targetType']),
    targetTeamId: input.targetTeamId !== undefined ? input.targetTeamId : current.targetTeamId,
    targetUserId: input.targetUserId !== undefined ? input.targetUserId : current.targetUserId,
    ticketIntegrationId:
      input.ticketIntegrationId !== undefined ? input.ticketIntegrationId : current.ticketIntegrationId,
  });
  const issues = crossFieldIssues(merged);
  if (issues.length) throw validationError(issues);
  await assertTargetsInOrg(orgId, merged);
  const rule = await db.alertRule.update({ where: { id: current.id }, data: merged });
  invalidateRules(projectId);
  return rule;
}

/** Irreversible; its log entries go with it (FK cascade). */
export async function deleteAlertRule(orgId: string, projectId: string, ruleId: string): Promise<void> {
  const rule = await getRule(orgId, projectId, ruleId);
  await db.alertRule.delete({ where: { id: rule.id } });
  invalidateRules(projectId);
}

/** The most recent delivery attempts of the rule, newest first. */
export async function listAlertLogs(orgId: string, projectId: string, ruleId: string) {
  const rule = await getRule(orgId, projectId, ruleId);
  return db.alertLog.findMany({
    where: { ruleId: rule.id },
    orderBy: [{ triggeredAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
    take: LOG_LIMIT,
  });
}
