// METRIC rules (#62), read by the minute job: each at its resolution (every minute for a window under 30 minutes,
// less often for longer ones: metric-resolution.ts). Exactly once across instances: one statement claims every
// enabled rule due this minute and not yet evaluated for it (`metric_evaluated_at`), so a second instance running the same minute
// (or the same minute twice) claims none and sends nothing. Each claimed rule runs its one statement
// (lib/alerts/metric-query.ts), and a change of state is written with the incident and its deliveries in one
// transaction, guarded by the state it read (incident-writes.ts). One rule's failure (a statement past the Explore
// timeout) is logged and does not stop the others.
import { clock } from '@/lib/clock';
import { withExploreSession } from '@/lib/explore/run-explore';
import { logger } from '@/lib/log';
import { pool } from '@/lib/pg';
import { retentionDays } from '@/lib/retention/purge-old-data';
import { recordEvaluation } from './metric-incident-writes';
import type { MetricFiring, MetricRuleRow } from './metric-rule-row';
import { groupValues, metricStatement } from './metric-query';
import { dueSql } from './metric-resolution';
import { nextState, worstOf, type Thresholds } from './metric-state';

export const thresholdsOf = (r: MetricRuleRow): Thresholds => ({
  direction: r.metric_direction,
  warning: r.warning_threshold,
  critical: r.critical_threshold,
  resolve: r.resolve_threshold,
});

/** Claims the rules due this minute (metric-resolution.ts): each is returned to exactly one caller per minute. */
async function claimRules(minute: Date): Promise<MetricRuleRow[]> {
  const { rows } = await pool().query<MetricRuleRow>(
    `UPDATE alert_rules r SET metric_evaluated_at = $1
       FROM projects p JOIN organizations o ON o.id = p.org_id
      WHERE p.id = r.project_id AND r.type = 'METRIC' AND r.enabled
        AND (r.metric_evaluated_at IS NULL OR r.metric_evaluated_at < $1) AND ${dueSql('$1::timestamptz')}
      RETURNING r.id, r.project_id, p.number AS project_number, p.slug AS project_slug, p.name AS project_name, o.plan,
                r.name, r.metric_query, r.window_minutes, r.metric_comparison, r.metric_direction, r.warning_threshold,
                r.critical_threshold, r.resolve_threshold, r.metric_state, r.muted_until, r.notify_email,
                r.webhook_url, r.webhook_format, r.ticket_integration_id`,
    [minute],
  );
  return rows;
}

/** The worst group's value over the window ending at `minute`, or null when there is none. */
export async function readMetricValue(rule: MetricRuleRow, minute: Date) {
  const r = { query: rule.metric_query, windowMinutes: rule.window_minutes, comparison: rule.metric_comparison };
  const stmt = metricStatement(r, {
    nowMs: minute.getTime(),
    retentionDays: retentionDays(rule.plan),
    project: { id: rule.project_id, number: rule.project_number, slug: rule.project_slug, name: rule.project_name },
  });
  const rows = await withExploreSession(async (client) => (await client.query(stmt.text, stmt.values)).rows);
  return worstOf({ direction: rule.metric_direction }, groupValues(r, stmt, rows));
}

/** Evaluates every metric rule due this minute; returns the changes of state it recorded. */
export async function evaluateMetricAlerts(now = clock.now()): Promise<MetricFiring[]> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const fired: MetricFiring[] = [];
  for (const rule of await claimRules(minute)) {
    try {
      const worst = await readMetricValue(rule, minute);
      const to = nextState(thresholdsOf(rule), rule.metric_state, worst?.value ?? null);
      const firing = await recordEvaluation({ rule, to, worst, now: minute });
      if (firing) fired.push(firing);
    } catch (err) {
      logger.error({ err, ruleId: rule.id }, 'metric alert evaluation failed');
    }
  }
  return fired;
}
