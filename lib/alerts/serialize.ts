import { clock } from '@/lib/clock';

type RuleRow = {
  id: string;
  projectId: string;
  name: string;
  type: 'NEW_ISSUE' | 'ERROR_RATE' | 'REGRESSION' | 'CRASH_FREE' | 'MONITOR' | 'METRIC';
  metricQuery?: unknown;
  metricDirection?: string | null;
  warningThreshold?: number | null;
  criticalThreshold?: number | null;
  resolveThreshold?: number | null;
  metricComparison?: string | null;
  mutedUntil?: Date | null;
  metricState?: string;
  crashFreeBelow?: number | null;
  crashFreeMetric?: string | null;
  minSessions?: number | null;
  breached?: boolean;
  threshold: number | null;
  windowMinutes: number | null;
  notifyEmail: string | null;
  webhookUrl: string | null;
  webhookFormat: 'json' | 'slack' | 'discord';
  enabled: boolean;
  lastTriggeredAt: Date | null;
  targetType?: string | null;
  targetTeamId?: string | null;
  targetUserId?: string | null;
  ticketIntegrationId?: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type LogRow = {
  id: string;
  ruleId: string;
  channel: string;
  target: string;
  success: boolean;
  error: string | null;
  triggeredAt: Date;
};

/** The rule without its webhook secret; the create response adds the secret itself, once. */
export function serializeAlertRule(r: RuleRow) {
  return {
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    type: r.type,
    threshold: r.threshold,
    windowMinutes: r.windowMinutes,
    notifyEmail: r.notifyEmail,
    webhookUrl: r.webhookUrl,
    // Beside the spec's fields: the body format of the webhook.
    webhookFormat: r.webhookFormat,
    enabled: r.enabled,
    // CRASH_FREE rules (#31): the rate a release must stay above, of sessions or users, with at least minSessions.
    ...(r.type === 'CRASH_FREE'
      ? {
          crashFreeBelow: r.crashFreeBelow ?? null,
          crashFreeMetric: r.crashFreeMetric ?? null,
          minSessions: r.minSessions ?? null,
          breached: r.breached ?? false,
        }
      : {}),
    // METRIC rules (#62): the Explore query, thresholds, comparison, mute and the state of its last evaluation.
    ...(r.type === 'METRIC'
      ? {
          query: r.metricQuery ?? null,
          direction: r.metricDirection ?? 'above',
          warningThreshold: r.warningThreshold ?? null,
          criticalThreshold: r.criticalThreshold ?? null,
          resolveThreshold: r.resolveThreshold ?? null,
          comparison: r.metricComparison ?? null,
          mutedUntil: r.mutedUntil?.toISOString() ?? null,
          // Whether the mute still holds when answered (a past time is kept, and no longer mutes).
          muted: !!r.mutedUntil && r.mutedUntil.getTime() > clock.now().getTime(),
          state: r.metricState ?? 'ok',
        }
      : {}),
    // Whom it also emails (#49), on a rule that names someone: ISSUE_OWNERS, TEAM (targetTeamId) or MEMBER (targetUserId).
    ...(r.targetType
      ? { targetType: r.targetType, targetTeamId: r.targetTeamId ?? null, targetUserId: r.targetUserId ?? null }
      : {}),
    // An issue tracker it also creates a ticket in (#64), for the issue it fired for.
    ...(r.ticketIntegrationId ? { ticketIntegrationId: r.ticketIntegrationId } : {}),
    lastTriggeredAt: r.lastTriggeredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function serializeAlertLog(l: LogRow) {
  return {
    id: l.id,
    ruleId: l.ruleId,
    channel: l.channel,
    target: l.target,
    success: l.success,
    error: l.error,
    triggeredAt: l.triggeredAt.toISOString(),
  };
}
