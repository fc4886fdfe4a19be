// A metric rule's evaluation written (#62): a change of state opens, moves or resolves the rule's incident and
// enqueues its deliveries (unless the rule is muted) in one transaction, guarded by the state the evaluation read;
// an unchanged open incident only follows its last and peak values.
import { env } from '@/lib/env';
import { getBoss, jobDb, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { pool, withPgTransaction } from '@/lib/pg';
import type { MetricState } from '@/lib/zod/metric-alerts';
import { deliveriesOf, deliveryQueueJobs } from './delivery-jobs';
import type { MetricFiring, MetricRuleRow } from './metric-rule-row';
import { metricAlertEmail, type MetricAlertWebhookBody } from './payloads';

type Worst = { group: string | null; value: number } | null;

/** The incident's peak follows the value when it is worse for the rule's direction ($2 the value, $3 the time, $4 the direction). */
const PEAK = `peak_value = CASE WHEN ($4 = 'above' AND $2 > peak_value) OR ($4 = 'below' AND $2 < peak_value) THEN $2 ELSE peak_value END,
  peak_at = CASE WHEN ($4 = 'above' AND $2 > peak_value) OR ($4 = 'below' AND $2 < peak_value) THEN $3 ELSE peak_at END,
  last_value = $2`;

function bodyOf(rule: MetricRuleRow, to: MetricState, value: number, incident: { id: string; group: string | null }) {
  const body: MetricAlertWebhookBody = {
    type: 'metric_alert',
    state: to === 'ok' ? 'resolved' : to,
    projectName: rule.project_name,
    ruleName: rule.name,
    dataset: rule.metric_query.dataset,
    aggregate: rule.metric_query.aggregates[0],
    filter: rule.metric_query.query,
    group: incident.group,
    value: Math.round(value * 10_000) / 10_000,
    threshold:
      to === 'critical'
        ? rule.critical_threshold
        : to === 'warning'
          ? rule.warning_threshold!
          : (rule.resolve_threshold ?? rule.warning_threshold ?? rule.critical_threshold),
    direction: rule.metric_direction,
    windowMinutes: rule.window_minutes,
    comparison: rule.metric_comparison,
    incidentId: incident.id,
    alertsUrl: `${env.appUrl}/projects/${encodeURIComponent(rule.project_id)}/alerts#incident-${incident.id}`,
  };
  return body;
}

/**
 * The chat or paging delivery of the incident's change (#64): PagerDuty's dedup_key is the incident's. The job is
 * lib/integrations/ticket-job.ts's TicketJob, written here by shape (as evaluate-rules.ts writes a ticket's), so the
 * alerts do not import the integrations, which import the alerts' payloads.
 */
function integrationJob(rule: MetricRuleRow, body: MetricAlertWebhookBody) {
  return {
    action: body.state === 'resolved' ? ('metric_resolve' as const) : ('metric_alert' as const),
    integrationId: rule.ticket_integration_id!,
    issueId: '',
    linkId: null,
    attempt: 0,
    metric: {
      incidentId: body.incidentId,
      projectId: rule.project_id,
      projectName: body.projectName,
      ruleName: body.ruleName,
      state: body.state,
      aggregate: body.aggregate,
      dataset: body.dataset,
      filter: body.filter,
      group: body.group,
      value: body.value,
      threshold: body.threshold,
      direction: body.direction,
      windowMinutes: body.windowMinutes,
      alertsUrl: body.alertsUrl,
    },
  };
}

export async function recordEvaluation({
  rule,
  to,
  worst,
  now,
}: {
  rule: MetricRuleRow;
  to: MetricState;
  worst: Worst;
  now: Date;
}): Promise<MetricFiring | null> {
  const from = rule.metric_state;
  if (worst === null) return null;
  if (to === from) {
    if (from !== 'ok')
      await pool().query(`UPDATE metric_alert_incidents SET ${PEAK} WHERE rule_id = $1 AND resolved_at IS NULL`, [
        rule.id,
        worst.value,
        now,
        rule.metric_direction,
      ]);
    return null;
  }
  const notified = !(rule.muted_until && rule.muted_until > now);
  const entry = JSON.stringify([
    {
      at: now.toISOString(),
      kind: from === 'ok' ? 'opened' : to === 'ok' ? 'resolved' : to,
      level: to,
      value: worst.value,
      notified,
    },
  ]);
  const boss = notified ? await getBoss() : null;
  const claimed = await withPgTransaction(async (client) => {
    const updated = await client.query(
      `UPDATE alert_rules SET metric_state = $2, last_triggered_at = $3 WHERE id = $1 AND metric_state = $4 AND enabled RETURNING id`,
      [rule.id, to, now, from],
    );
    // Changed meanwhile (edited, disabled): nothing was written, so committing equals rolling back.
    if (updated.rowCount === 0) return false;
    const { rows } =
      from === 'ok'
        ? await client.query<{ id: string; group_label: string | null }>(
            `INSERT INTO metric_alert_incidents (rule_id, project_id, level, group_label, opened_at, peak_value, peak_at, last_value, timeline)
             VALUES ($1, $4, $5, $6, $3, $2, $3, $2, $7::jsonb) RETURNING id, group_label`,
            [rule.id, worst.value, now, rule.project_id, to, worst.group, entry],
          )
        : await client.query<{ id: string; group_label: string | null }>(
            `UPDATE metric_alert_incidents SET ${PEAK}, timeline = timeline || $6::jsonb,
                    level = CASE WHEN $5 = 'ok' THEN level ELSE $5 END,
                    resolved_at = CASE WHEN $5 = 'ok' THEN $3::timestamptz END
              WHERE rule_id = $1 AND resolved_at IS NULL RETURNING id, group_label`,
            [rule.id, worst.value, now, rule.metric_direction, to, entry],
          );
    if (!boss || !rows[0]) return true;
    const body = bodyOf(rule, to, worst.value, { id: rows[0].id, group: rows[0].group_label ?? worst.group });
    const d = deliveriesOf({ rule, body, email: metricAlertEmail(body), triggeredAt: now.toISOString() });
    const jobs: { name: string; data: object }[] = deliveryQueueJobs(d);
    if (rule.ticket_integration_id) jobs.push({ name: QUEUES.integrationDelivery, data: integrationJob(rule, body) });
    if (jobs.length) await boss.insert(jobs, { db: jobDb(client) });
    return true;
  });
  if (!claimed) return null;
  if (notified && rule.webhook_url) notifyWorkers(QUEUES.alertWebhook);
  if (notified && rule.notify_email) notifyWorkers(QUEUES.alertEmail);
  if (notified && rule.ticket_integration_id) notifyWorkers(QUEUES.integrationDelivery);
  return { ruleId: rule.id, from, to, value: worst.value, notified };
}
