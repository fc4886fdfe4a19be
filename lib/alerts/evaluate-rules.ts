import type pg from 'pg';
import { clock } from '@/lib/clock';
import { pool, withPgTransaction } from '@/lib/pg';
import { getBoss, jobDb, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { enabledRules, type CachedRule } from './rule-cache';
import type { WebhookFormat } from '@/lib/zod/alerts';
import {
  errorRateBody,
  errorRateEmail,
  newIssueBody,
  newIssueEmail,
  regressionBody,
  regressionEmail,
  type EmailContent,
  type IssueSnapshot,
  type WebhookBody,
} from './payloads';
import { deliveriesOf, type EmailJob, type WebhookJob } from './delivery-jobs';
import { alertTargetEmails, targetsPerIssue, type RuleTarget } from './alert-targets';

type FiredRule = RuleTarget & {
  id: string;
  name: string;
  ticket_integration_id?: string | null;
  notify_email: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
};
type FiredRateRule = FiredRule & { threshold: number; window_minutes: number };
type RateCandidate = { rule: CachedRule; count: number };

const MINUTE = 60_000;

/** An error event ingest stored: what the rules and the workflow look at. */
export type IngestedError = {
  projectId: string;
  issueId: string;
  /** True when this event created the issue (a new fingerprint in the project). */
  isNewIssue: boolean;
  /** True when this event's batch reopened the resolved issue (once per regression, whatever the concurrency). */
  isRegression?: boolean;
  receivedAt: Date;
};

/** Evaluates the enabled rules of each project for a batch of stored error events and enqueues deliveries. */
export async function evaluateRules(events: IngestedError[]): Promise<void> {
  const byProject = new Map<string, IngestedError[]>();
  for (const e of events) byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e]);
  await Promise.all([...byProject].map(([projectId, evs]) => evaluateProject(projectId, evs)));
}

async function evaluateProject(projectId: string, events: IngestedError[]): Promise<void> {
  const rules = await enabledRules(projectId);
  if (!rules.length) return;
  const now = clock.now();
  const newIssueIds = [...new Set(events.filter((e) => e.isNewIssue).map((e) => e.issueId))];
  const newIssueRules = newIssueIds.length ? rules.filter((r) => r.type === 'NEW_ISSUE') : [];
  // The batch statement marks the one event batch that reopened each issue, so each regression is offered here once.
  const regressedIds = [...new Set(events.filter((e) => e.isRegression).map((e) => e.issueId))];
  const regressionRules = regressedIds.length ? rules.filter((r) => r.type === 'REGRESSION') : [];
  // A rule this process saw fire within its window is still cooling down: no need to count.
  const rateRules = rules.filter(
    (r) =>
      r.type === 'ERROR_RATE' &&
      r.threshold &&
      r.windowMinutes &&
      !(r.lastTriggeredAt && r.lastTriggeredAt.getTime() > now.getTime() - r.windowMinutes * MINUTE),
  );
  const dueRates = rateRules.length ? await rulesAtThreshold(projectId, rateRules, now) : [];
  if (!newIssueRules.length && !dueRates.length && !regressionRules.length) return;
  await fireAndEnqueue(
    projectId,
    now,
    { rules: newIssueRules, issueIds: newIssueIds },
    { rules: regressionRules, issueIds: regressedIds },
    dueRates,
  );
}

type IssueRules = { rules: CachedRule[]; issueIds: string[] };

/** Counts each distinct window once. */
async function rulesAtThreshold(projectId: string, rules: CachedRule[], now: Date): Promise<RateCandidate[]> {
  const windows = new Map<number, CachedRule[]>();
  for (const r of rules) windows.set(r.windowMinutes!, [...(windows.get(r.windowMinutes!) ?? []), r]);
  const counted = await Promise.all(
    [...windows].map(async ([minutes, rs]) => {
      const n = await windowCount(pool(), projectId, minutes, now);
      return rs.map((rule) => ({ rule, count: n }));
    }),
  );
  return counted.flat().filter((c) => c.count >= c.rule.threshold!);
}

/**
 * Claims each rate firing with one conditional UPDATE of last_triggered_at (concurrent events cannot both win)
 * and enqueues every firing's deliveries in the same transaction, so a claimed firing is never lost.
 */
async function fireAndEnqueue(
  projectId: string,
  now: Date,
  newIssues: IssueRules,
  regressions: IssueRules,
  dueRates: RateCandidate[],
): Promise<void> {
  const boss = await getBoss();
  // Read before the transaction: a lookup on another connection while it holds the rules' rows would wait on
  // itself behind a pooler with few server connections (PgBouncer in transaction mode).
  const targets = await targetEmailsOf(projectId, [
    ...newIssues.rules.flatMap((rule) => newIssues.issueIds.map((issueId) => ({ rule, issueId }))),
    ...regressions.rules.flatMap((rule) => regressions.issueIds.map((issueId) => ({ rule, issueId }))),
    ...dueRates.map((c) => ({ rule: c.rule, issueId: null })),
  ]);
  const { enqueued, firedRate, firedIssueRules } = await withPgTransaction(async (client) => {
    const webhooks: WebhookJob[] = [];
    const emails: EmailJob[] = [];
    // An issue tracker's ticket (#64): the integrations' worker makes the link and the ticket (lib/integrations).
    const tickets: { action: 'create_ticket'; integrationId: string; issueId: string; linkId: null; attempt: 0 }[] = [];
    const triggeredAt = now.toISOString();
    // Per message (an issue's new-issue or regression email; a rate rule's own), the addresses it already goes to.
    const addressed = new Map<string, Set<string>>();
    const targeted: { rule: FiredRule; email: EmailContent; message: string; to: string[] }[] = [];
    /** The rule's webhook and address now; the people it targets (#49) once every rule's own address is known. */
    const add = (rule: FiredRule, body: WebhookBody, email: EmailContent, issueId: string | null) => {
      const d = deliveriesOf({ rule, body, email, triggeredAt });
      const message = `${body.type} ${issueId ?? rule.id}`;
      if (!addressed.has(message)) addressed.set(message, new Set());
      if (d.webhook) webhooks.push(d.webhook);
      if (d.email) {
        emails.push(d.email);
        addressed.get(message)!.add(d.email.to);
      }
      targeted.push({ rule, email, message, to: targets.get(targetKey(rule.id, issueId)) ?? [] });
      if (rule.ticket_integration_id && issueId)
        tickets.push({
          action: 'create_ticket',
          integrationId: rule.ticket_integration_id,
          issueId,
          linkId: null,
          attempt: 0,
        });
    };

    const firedNew = newIssues.rules.length ? await enabledIssueRules(client, 'NEW_ISSUE', newIssues.rules) : [];
    const firedRegression = regressions.rules.length
      ? await enabledIssueRules(client, 'REGRESSION', regressions.rules)
      : [];
    const firedRate = dueRates.length ? await claimRateRules(client, dueRates, now) : [];
    if (firedNew.length || firedRate.length || firedRegression.length) {
      const projectName = await nameOf(client, projectId);
      if (firedNew.length) {
        for (const issue of await issuesById(client, projectId, newIssues.issueIds)) {
          const body = newIssueBody(projectName, issue);
          for (const rule of firedNew) add(rule, body, newIssueEmail(body), issue.id);
        }
      }
      if (firedRegression.length) {
        for (const issue of await issuesById(client, projectId, regressions.issueIds)) {
          const body = regressionBody(projectName, issue);
          for (const rule of firedRegression) add(rule, body, regressionEmail(body), issue.id);
        }
      }
      for (const rule of firedRate) {
        const count = await windowCount(client, projectId, rule.window_minutes, now);
        const body = errorRateBody({
          projectName,
          projectId,
          count,
          threshold: rule.threshold,
          windowMinutes: rule.window_minutes,
        });
        add(rule, body, errorRateEmail(body, rule.name), null);
      }
    }
    // One email per person and message however many firing rules reach them (#60: the default rules beside a team's).
    for (const t of targeted)
      for (const to of t.to) {
        const sent = addressed.get(t.message)!;
        if (sent.has(to)) continue;
        sent.add(to);
        emails.push({ ruleId: t.rule.id, to, email: t.email, triggeredAt, attempt: 0 });
      }
    const jobs = [
      ...webhooks.map((data) => ({ name: QUEUES.alertWebhook, data })),
      ...emails.map((data) => ({ name: QUEUES.alertEmail, data })),
      ...tickets.map((data) => ({ name: QUEUES.integrationDelivery, data })),
    ];
    if (jobs.length) await boss.insert(jobs, { db: jobDb(client) });
    const firedIssueRules = [...firedNew, ...firedRegression].map((r) => r.id);
    return {
      enqueued: { webhook: webhooks.length, email: emails.length, ticket: tickets.length },
      firedRate,
      firedIssueRules,
    };
  });
  await stampIssueRules([...new Set(firedIssueRules)], now);
  for (const c of dueRates) if (firedRate.some((f) => f.id === c.rule.id)) c.rule.lastTriggeredAt = now;
  if (enqueued.webhook) notifyWorkers(QUEUES.alertWebhook);
  if (enqueued.email) notifyWorkers(QUEUES.alertEmail);
  if (enqueued.ticket) notifyWorkers(QUEUES.integrationDelivery);
}

const targetKey = (ruleId: string, issueId: string | null) => `${ruleId} ${issueId ?? ''}`;

/**
 * The addresses each candidate rule's target would get for each issue it may fire for (none for a rule without one),
 * read once per rule unless they depend on the issue (a burst of new issues read the same project members per issue).
 */
async function targetEmailsOf(
  projectId: string,
  firings: { rule: CachedRule; issueId: string | null }[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const read = new Map<string, Promise<string[]>>();
  for (const { rule, issueId } of firings) {
    if (!rule.targetType) continue;
    const target = {
      target_type: rule.targetType,
      target_team_id: rule.targetTeamId,
      target_user_id: rule.targetUserId,
    };
    const audience = targetKey(rule.id, targetsPerIssue(target) ? issueId : null);
    let emails = read.get(audience);
    if (!emails) read.set(audience, (emails = alertTargetEmails(target, projectId, issueId)));
    out.set(targetKey(rule.id, issueId), await emails);
  }
  return out;
}

/**
 * NEW_ISSUE and REGRESSION rules fire for every issue offered (each is offered once): they are read, not claimed, so
 * a burst of new issues does not queue behind one rule row's lock held until each firing commits (#59: 44 firings of
 * a project's default rule waited 200 ms each on it). stampIssueRules records the firing after the commit.
 */
async function enabledIssueRules(
  client: pg.PoolClient,
  type: 'NEW_ISSUE' | 'REGRESSION',
  rules: CachedRule[],
): Promise<FiredRule[]> {
  const { rows } = await client.query<FiredRule>(
    `SELECT id, name, notify_email, webhook_url, webhook_format::text AS webhook_format,
            target_type, target_team_id, target_user_id, ticket_integration_id
     FROM alert_rules WHERE id = ANY($1::text[]) AND enabled AND type = $2::alert_type`,
    [rules.map((r) => r.id), type],
  );
  return rows;
}

/** last_triggered_at of the issue rules that fired, in one short statement of its own (never moved back). */
async function stampIssueRules(ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await pool().query(
    `UPDATE alert_rules SET last_triggered_at = $2
     WHERE id = ANY($1::text[]) AND (last_triggered_at IS NULL OR last_triggered_at < $2)`,
    [ids, now],
  );
}

async function claimRateRules(client: pg.PoolClient, due: RateCandidate[], now: Date): Promise<FiredRateRule[]> {
  const { rows } = await client.query<FiredRateRule>(
    `UPDATE alert_rules r SET last_triggered_at = $1
     FROM unnest($2::text[], $3::int[], $4::int[]) AS c(id, window_minutes, n)
     WHERE r.id = c.id AND r.enabled AND r.type = 'ERROR_RATE'
       AND r.window_minutes = c.window_minutes AND r.threshold <= c.n
       AND (r.last_triggered_at IS NULL OR r.last_triggered_at <= $1::timestamptz - make_interval(mins => r.window_minutes))
     RETURNING r.id, r.name, r.threshold, r.window_minutes, r.notify_email, r.webhook_url, r.webhook_format::text AS webhook_format,
               r.target_type, r.target_team_id, r.target_user_id`,
    [now, due.map((c) => c.rule.id), due.map((c) => c.rule.windowMinutes), due.map((c) => c.count)],
  );
  return rows;
}

async function nameOf(client: pg.PoolClient, projectId: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [projectId]);
  return rows[0]?.name ?? '';
}

async function issuesById(client: pg.PoolClient, projectId: string, ids: string[]): Promise<IssueSnapshot[]> {
  const { rows } = await client.query<IssueSnapshot>(
    `SELECT id, project_id AS "projectId", title, culprit, level::text AS level, status::text AS status,
            event_count AS "eventCount", first_seen AS "firstSeen", regressed_at AS "regressedAt"
     FROM issues WHERE id = ANY($1::text[]) AND project_id = $2 ORDER BY first_seen, id`,
    [ids, projectId],
  );
  return rows;
}

/**
 * The project's events received in the last `minutes` (received_at > now - minutes), exactly: the whole minutes
 * after the window's start from the per-minute rollup, and the part of the first minute that falls inside the
 * window from the events index (a range of at most one minute of the project's events).
 */
async function windowCount(q: Pick<pg.Pool, 'query'>, projectId: string, minutes: number, now: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH w AS (SELECT $2::timestamptz AS since, date_bin('1 minute', $2::timestamptz, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS first_minute)
     SELECT ((SELECT coalesce(sum(m.count), 0) FROM project_minute_counts m, w WHERE m.project_id = $1 AND m.minute > w.first_minute)
           + (SELECT count(*) FROM events e, w WHERE e.project_id = $1 AND e.received_at > w.since AND e.received_at < w.first_minute + interval '1 minute'))::int AS n`,
    [projectId, new Date(now.getTime() - minutes * MINUTE)],
  );
  return rows[0].n;
}
