// MONITOR rules (#32): every enabled one of the project is told once when a monitor's incident begins (its failures
// reached failure_issue_threshold) and once when it recovers (recovery_threshold good runs). The monitor module
// decides both transitions with the monitor's row locked; this enqueues the deliveries of each rule in one
// transaction, like the other rules, with the rule's last-triggered time.
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { getBoss, jobDb, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { pool, withPgTransaction } from '@/lib/pg';
import type { WebhookFormat } from '@/lib/zod/alerts';
import { deliveriesOf, type EmailJob, type WebhookJob } from './delivery-jobs';
import { issueUrl, monitorEmail, type MonitorWebhookBody } from './payloads';

type MonitorInfo = {
  id: string;
  projectId: string;
  slug: string;
  kind: string;
  issueId: string | null;
  consecutiveFailures: number;
};
type Rule = {
  id: string;
  name: string;
  project_name: string;
  notify_email: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
};

/** Enqueues the alerts of one incident transition; returns how many rules fired. */
export async function fireMonitorAlerts(
  m: MonitorInfo,
  state: 'failing' | 'recovered',
  failure: { kind: string; detail: string | null } | null,
): Promise<number> {
  const { rows: rules } = await pool().query<Rule>(
    `SELECT r.id, r.name, p.name AS project_name, r.notify_email, r.webhook_url, r.webhook_format
       FROM alert_rules r JOIN projects p ON p.id = r.project_id
      WHERE r.project_id = $1 AND r.type = 'MONITOR' AND r.enabled`,
    [m.projectId],
  );
  if (rules.length === 0) return 0;
  const now = clock.now();
  const triggeredAt = now.toISOString();
  const jobs: { name: string; data: WebhookJob | EmailJob }[] = [];
  for (const rule of rules) {
    const body: MonitorWebhookBody = {
      type: 'monitor',
      state,
      projectName: rule.project_name,
      monitor: m.slug,
      kind: m.kind === 'uptime' ? 'uptime' : 'cron',
      status: failure?.kind ?? 'ok',
      detail: failure?.detail ?? null,
      failures: state === 'failing' ? m.consecutiveFailures : 0,
      monitorsUrl: `${env.appUrl}/projects/${encodeURIComponent(m.projectId)}/monitors`,
      issueUrl: m.issueId ? issueUrl(m.projectId, m.issueId) : null,
    };
    const d = deliveriesOf({ rule, body, email: monitorEmail(body, rule.name), triggeredAt });
    if (d.webhook) jobs.push({ name: QUEUES.alertWebhook, data: d.webhook });
    if (d.email) jobs.push({ name: QUEUES.alertEmail, data: d.email });
  }
  const boss = await getBoss();
  await withPgTransaction(async (client) => {
    await client.query(`UPDATE alert_rules SET last_triggered_at = $2 WHERE id = ANY($1)`, [
      rules.map((r) => r.id),
      now,
    ]);
    if (jobs.length) await boss.insert(jobs, { db: jobDb(client) });
  });
  if (rules.some((r) => r.webhook_url)) notifyWorkers(QUEUES.alertWebhook);
  if (rules.some((r) => r.notify_email)) notifyWorkers(QUEUES.alertEmail);
  return rules.length;
}
