// CRASH_FREE rules (#31), read every minute by the job queue: a release with at least minSessions sessions in the
// window and a crash-free rate (of sessions or users) below the rule's percentage is a breach. A rule fires once when
// it enters a breach and once when every release has recovered; the conditional update of `breached` picks the one
// instance that fires, and the deliveries are enqueued in the same transaction (a claimed firing is never lost).
import { clock } from '@/lib/clock';
import { getBoss, jobDb, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { pool, withPgTransaction } from '@/lib/pg';
import { env } from '@/lib/env';
import type { WebhookFormat } from '@/lib/zod/alerts';
import { deliveriesOf, deliveryQueueJobs } from './delivery-jobs';
import { crashFreeEmail, type CrashFreeWebhookBody } from './payloads';

type Rule = {
  id: string;
  project_id: string;
  project_name: string;
  name: string;
  window_minutes: number;
  crash_free_below: number;
  crash_free_metric: 'sessions' | 'users';
  min_sessions: number;
  breached: boolean;
  notify_email: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
};

type Worst = { release: string; sessions: number; rate: number };

/** The release with the lowest crash-free rate among those with enough sessions in the window, or null. */
async function worstRelease(rule: Rule, now: Date): Promise<Worst | null> {
  const since = new Date(now.getTime() - rule.window_minutes * 60_000);
  if (rule.crash_free_metric === 'users') {
    const { rows } = await pool().query<{ release: string; sessions: number; users: number; crashed: number }>(
      `SELECT u.release, coalesce(h.sessions, 0)::int AS sessions, count(*)::int AS users,
              (count(*) FILTER (WHERE u.crashed_day >= ($2::timestamptz AT TIME ZONE 'UTC')::date))::int AS crashed
         FROM session_release_users u
         LEFT JOIN (SELECT release, sum(started) AS sessions FROM session_hourly WHERE project_id = $1 AND hour >= date_trunc('hour', $2::timestamptz) GROUP BY release) h
           ON h.release = u.release
        WHERE u.project_id = $1 AND u.environment = '' AND u.last_day >= ($2::timestamptz AT TIME ZONE 'UTC')::date
        GROUP BY u.release, h.sessions`,
      [rule.project_id, since],
    );
    return pick(
      rows
        .filter((r) => r.sessions >= rule.min_sessions && r.users > 0)
        .map((r) => ({ release: r.release, sessions: r.sessions, rate: (1 - r.crashed / r.users) * 100 })),
    );
  }
  const { rows } = await pool().query<{ release: string; sessions: number; crashed: number }>(
    `SELECT release, sum(started)::int AS sessions, sum(crashed)::int AS crashed FROM session_hourly
      WHERE project_id = $1 AND hour >= date_trunc('hour', $2::timestamptz) GROUP BY release`,
    [rule.project_id, since],
  );
  return pick(
    rows
      .filter((r) => r.sessions >= rule.min_sessions && r.sessions > 0)
      .map((r) => ({ release: r.release, sessions: r.sessions, rate: (1 - r.crashed / r.sessions) * 100 })),
  );
}

const pick = (xs: Worst[]) => xs.sort((a, b) => a.rate - b.rate || a.release.localeCompare(b.release))[0] ?? null;

/** Reads every enabled CRASH_FREE rule and fires those entering or leaving a breach. Returns the firings. */
export async function evaluateCrashFreeRules(
  now = clock.now(),
): Promise<{ ruleId: string; state: 'breached' | 'recovered' }[]> {
  const { rows: rules } = await pool().query<Rule>(
    `SELECT r.id, r.project_id, p.name AS project_name, r.name, r.window_minutes, r.crash_free_below, r.crash_free_metric, r.min_sessions, r.breached,
            r.notify_email, r.webhook_url, r.webhook_format
       FROM alert_rules r JOIN projects p ON p.id = r.project_id
      WHERE r.type = 'CRASH_FREE' AND r.enabled`,
  );
  const fired: { ruleId: string; state: 'breached' | 'recovered' }[] = [];
  for (const rule of rules) {
    const worst = await worstRelease(rule, now);
    const breach = worst !== null && worst.rate < rule.crash_free_below;
    if (breach === rule.breached) continue;
    const state = breach ? 'breached' : 'recovered';
    if (await fire(rule, state, worst, now)) fired.push({ ruleId: rule.id, state });
  }
  return fired;
}

async function fire(rule: Rule, state: 'breached' | 'recovered', worst: Worst | null, now: Date): Promise<boolean> {
  const boss = await getBoss();
  const claimed = await withPgTransaction(async (client) => {
    const updated = await client.query(
      `UPDATE alert_rules SET breached = $2, last_triggered_at = $3 WHERE id = $1 AND breached = $4 AND enabled RETURNING id`,
      [rule.id, state === 'breached', now, state !== 'breached'],
    );
    // Not claimed (fired elsewhere, or disabled): nothing was written, so committing equals rolling back.
    if (updated.rowCount === 0) return false;
    const body: CrashFreeWebhookBody = {
      type: 'crash_free',
      state,
      projectName: rule.project_name,
      release: worst?.release || '(no release)',
      crashFreeRate: Math.round((worst?.rate ?? 100) * 100) / 100,
      below: rule.crash_free_below,
      metric: rule.crash_free_metric,
      sessions: worst?.sessions ?? 0,
      windowMinutes: rule.window_minutes,
      releasesUrl: `${env.appUrl}/projects/${encodeURIComponent(rule.project_id)}/releases`,
    };
    const triggeredAt = now.toISOString();
    const d = deliveriesOf({ rule, body, email: crashFreeEmail(body, rule.name), triggeredAt });
    const jobs = deliveryQueueJobs(d);
    if (jobs.length) await boss.insert(jobs, { db: jobDb(client) });
    return true;
  });
  if (!claimed) return false;
  if (rule.webhook_url) notifyWorkers(QUEUES.alertWebhook);
  if (rule.notify_email) notifyWorkers(QUEUES.alertEmail);
  return true;
}
