import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUp, outboxFor, uniqueEmail } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { startAlertWorkers } from '../support/alert-workers';
import { afterIngest } from '@/lib/alerts/after-ingest';
import { getBoss, stopJobs } from '@/lib/jobs/boss';
import { logger } from '@/lib/log';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const receiver = useAlertWorkers();
afterEach(() => clock.reset());

async function setup(name = 'Checkout') {
  const account = await signUp();
  const project = await createProject(account.client, name);
  const key = project.keys[0].publicKey;
  /** One error event through the real ingest route; `group` picks the issue (fingerprint). */
  const ingest = async (group = 'a') => {
    const res = await send({
      client: account.client,
      projectId: project.id,
      key,
      body: errorEnvelope({ fingerprint: [group] }),
    });
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
  };
  const rule = async (body: Record<string, unknown>) => {
    const res = await account.client.post(`/api/v1/projects/${project.id}/alerts`, body);
    if (res.status !== 201) throw new Error(`create alert failed: ${res.status} ${res.text}`);
    return res.body.data as { id: string; webhookSecret: string };
  };
  const logs = async (ruleId: string) =>
    (await account.client.get(`/api/v1/projects/${project.id}/alerts/${ruleId}/logs`)).body.data as any[];
  return { ...account, project, ingest, rule, logs };
}

/** Long enough for any further (wrongly enqueued) delivery to have arrived: several polls and all retries. */
const settle = () => sleep(1_500);

describe('NEW_ISSUE alerts', () => {
  it('fire once per brand-new issue: webhook body exactly as the spec, signed; email with title, level, culprit and link', async () => {
    const hook = await receiver();
    const s = await setup('Checkout');
    const email = uniqueEmail('oncall');
    const rule = await s.rule({ name: 'New issues', webhookUrl: `${hook.url}/hooks/new`, notifyEmail: email });

    await s.ingest('a');
    const [req] = await hook.waitFor(1);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id } });
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hooks/new');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({
      type: 'new_issue',
      projectName: 'Checkout',
      issue: {
        id: issue.id,
        title: "TypeError: Cannot read properties of undefined (reading 'id')",
        culprit: issue.culprit,
        level: 'ERROR',
        status: 'UNRESOLVED',
        eventCount: 1,
        firstSeen: issue.firstSeen.toISOString(),
        projectId: s.project.id,
      },
      issueUrl: `http://localhost:3000/projects/${s.project.id}/issues/${issue.id}`,
    });
    expect(issue.culprit).toBeTruthy();
    const expected = crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex');
    expect(req.headers['x-webhook-signature']).toBe(`sha256=${expected}`);
    const wrong = crypto.createHmac('sha256', 'another-secret').update(req.body).digest('hex');
    expect(req.headers['x-webhook-signature']).not.toBe(`sha256=${wrong}`);

    await waitUntil(() => outboxFor(email, 'new-issue').length === 1);
    const mail = outboxFor(email, 'new-issue')[0];
    expect(mail.data).toEqual({
      projectName: 'Checkout',
      title: issue.title,
      level: 'ERROR',
      culprit: issue.culprit,
      issueUrl: `http://localhost:3000/projects/${s.project.id}/issues/${issue.id}`,
    });
    for (const part of [
      issue.title.replace(/'/g, '&#x27;'),
      'ERROR',
      issue.culprit!,
      `/projects/${s.project.id}/issues/${issue.id}`,
    ]) {
      expect(mail.html).toContain(part);
    }
    expect(mail.text).toContain(issue.title);

    // More events of the same issue: nothing more. A second new issue fires again.
    await s.ingest('a');
    await s.ingest('a');
    await settle();
    expect(hook.requests).toHaveLength(1);
    await s.ingest('b');
    await hook.waitFor(2);
    const second = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id, NOT: { id: issue.id } } });
    expect(hook.requests[1].json.issue.id).toBe(second.id);
    await waitUntil(() => outboxFor(email, 'new-issue').length === 2);
    await settle();
    expect(hook.requests).toHaveLength(2);
    expect(outboxFor(email, 'new-issue')).toHaveLength(2);

    const logs = await s.logs(rule.id);
    expect(logs).toHaveLength(4);
    for (const l of logs) {
      expect(l).toEqual({
        id: expect.any(String),
        ruleId: rule.id,
        channel: expect.any(String),
        target: expect.any(String),
        success: true,
        error: null,
        triggeredAt: expect.stringMatching(ISO),
      });
    }
    expect(logs.filter((l) => l.channel === 'webhook').map((l) => l.target)).toEqual([
      `${hook.url}/hooks/new`,
      `${hook.url}/hooks/new`,
    ]);
    expect(logs.filter((l) => l.channel === 'email').map((l) => l.target)).toEqual([email, email]);
    const stored = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    expect(stored.lastTriggeredAt).not.toBeNull();
  });

  it('disabled rules stay silent (created disabled, or paused by PATCH) while an enabled one fires', async () => {
    const quiet = await receiver();
    const control = await receiver();
    const s = await setup();
    const off = await s.rule({ name: 'off', webhookUrl: quiet.url, enabled: false });
    const paused = await s.rule({ name: 'paused', webhookUrl: quiet.url });
    expect(
      (await s.client.patch(`/api/v1/projects/${s.project.id}/alerts/${paused.id}`, { enabled: false })).status,
    ).toBe(200);
    await s.rule({ name: 'on', webhookUrl: control.url });

    await s.ingest('x');
    await control.waitFor(1);
    await settle();
    expect(quiet.requests).toHaveLength(0);
    expect(control.requests).toHaveLength(1);
    for (const id of [off.id, paused.id]) {
      expect(await s.logs(id)).toEqual([]);
      expect((await db.alertRule.findUniqueOrThrow({ where: { id } })).lastTriggeredAt).toBeNull();
    }
  });
});

describe('the ingest seam', () => {
  it('costs no query while a project has no enabled rule (a new issue: one read of who listens, no job), and sees a new rule at once', async () => {
    const hook = await receiver();
    const s = await setup();
    await s.ingest('first');
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id } });
    const event = { projectId: s.project.id, issueId: issue.id, isNewIssue: false, receivedAt: new Date() };
    // pg-boss started before counting: its own start-up is not the event's cost. The ingest's outcomes written now,
    // so the outcomes timer has nothing to flush while the queries are counted (a flush landed in the window once,
    // in a clean-clone run on a loaded machine).
    await getBoss();
    await flushOutcomes();
    const query = vi.spyOn(pool(), 'query');
    const connect = vi.spyOn(pool(), 'connect');
    try {
      await afterIngest([event]);
      await afterIngest([event]);
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
      // A new issue in a project nothing listens to (no ownership rules, teams, suspect-commit assignment or
      // webhooks for new issues): one read to tell, and no workflow job.
      await afterIngest([{ ...event, isNewIssue: true }]);
      const sql = query.mock.calls.map(([q]) => String(typeof q === 'string' ? q : (q as { text: string }).text));
      expect(
        sql.filter((q) => !/pgboss/.test(q)),
        sql.join('\n'),
      ).toHaveLength(1);
      expect(sql.filter((q) => /INSERT INTO/i.test(q))).toEqual([]);
      expect(
        await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'workflow' AND data->>'issueId' = ${issue.id}`,
      ).toEqual([{ n: 0 }]);
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
    // Creating a rule drops the cached "no rules" at once (well within the cache's lifetime).
    await s.rule({ name: 'r', webhookUrl: hook.url });
    await s.ingest('second');
    const [req] = await hook.waitFor(1);
    expect(req.json.type).toBe('new_issue');
  });

  it('never throws into ingest', async () => {
    const s = await setup();
    await s.rule({ name: 'r', webhookUrl: 'https://example.com/hook' });
    // Rules cached first, so the failure hits the firing transaction.
    await afterIngest([{ projectId: s.project.id, issueId: 'x', isNewIssue: false, receivedAt: new Date() }]);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const connect = vi.spyOn(pool(), 'connect').mockRejectedValue(new Error('database unavailable') as never);
    // The workflow job's insert goes through pool.query (which would wait on the mocked connect's callback).
    const query = vi.spyOn(pool(), 'query').mockRejectedValue(new Error('database unavailable') as never);
    try {
      await expect(
        afterIngest([{ projectId: s.project.id, issueId: 'x', isNewIssue: true, receivedAt: new Date() }]),
      ).resolves.toBeUndefined();
      expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, '[alerts] rule evaluation failed');
      expect(error).toHaveBeenCalledWith(
        { err: expect.any(Error), events: ['NEW_ISSUE x'] },
        '[workflow] could not queue events',
      );
    } finally {
      query.mockRestore();
      connect.mockRestore();
      error.mockRestore();
    }
  });
});

describe('ERROR_RATE alerts', () => {
  it('fires when the window count reaches the threshold, with the spec body and email, then cools down for one window', async () => {
    const hook = await receiver();
    const s = await setup('Shop');
    const email = uniqueEmail('rate');
    const rule = await s.rule({
      name: 'Spike',
      type: 'ERROR_RATE',
      threshold: 3,
      windowMinutes: 5,
      webhookUrl: hook.url,
      notifyEmail: email,
    });
    clock.set(Date.now());

    await s.ingest();
    clock.advance(1_000);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
    clock.advance(1_000);
    await s.ingest();
    const [req] = await hook.waitFor(1);
    expect(req.json).toEqual({
      type: 'error_rate',
      projectName: 'Shop',
      count: 3,
      threshold: 3,
      windowMinutes: 5,
      issuesUrl: `http://localhost:3000/projects/${s.project.id}/issues`,
    });
    expect(req.headers['x-webhook-signature']).toBe(
      `sha256=${crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex')}`,
    );
    await waitUntil(() => outboxFor(email, 'error-rate').length === 1);
    const mail = outboxFor(email, 'error-rate')[0];
    expect(mail.data).toEqual({
      projectName: 'Shop',
      ruleName: 'Spike',
      count: 3,
      threshold: 3,
      windowMinutes: 5,
      issuesUrl: `http://localhost:3000/projects/${s.project.id}/issues`,
    });
    expect(mail.html).toContain(`/projects/${s.project.id}/issues`);
    expect(mail.text).toMatch(/3 error events arrived in the last 5 minutes/);
    const firedAt = clock.now();
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).lastTriggeredAt).toEqual(firedAt);

    // Within the cooldown: more events, no more alerts.
    clock.advance(4 * 60_000);
    for (let i = 0; i < 4; i++) await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(1);

    // One full window after firing, with the threshold reached again inside the new window: fires again.
    clock.set(firedAt.getTime() + 5 * 60_000 + 1_000);
    await s.ingest();
    await hook.waitFor(2);
    expect(hook.requests[1].json).toMatchObject({ type: 'error_rate', count: 5, threshold: 3, windowMinutes: 5 });
    await waitUntil(() => outboxFor(email, 'error-rate').length === 2);
    await settle();
    expect(hook.requests).toHaveLength(2);
  });

  it('counts exactly the events received after now - window, to the millisecond, across minute buckets', async () => {
    const hook = await receiver();
    const s = await setup();
    const fire = Date.parse('2026-06-01T12:07:30.500Z');
    const since = fire - 5 * 60_000; // 12:02:30.500, inside the minute bucket 12:02
    // Received: one ms before the window (out), its first ms (out: the window is > since), one ms after (in),
    // the last ms of the partial minute (in), a whole minute (in) and the current minute (in).
    for (const at of [
      since - 1,
      since,
      since + 1,
      Date.parse('2026-06-01T12:02:59.999Z'),
      Date.parse('2026-06-01T12:03:00.000Z'),
      fire - 1_000,
    ]) {
      clock.set(at);
      await s.ingest();
    }
    await s.rule({ name: 'Exact', type: 'ERROR_RATE', threshold: 5, windowMinutes: 5, webhookUrl: hook.url });
    clock.set(fire);
    await s.ingest();
    const [req] = await hook.waitFor(1);
    expect(req.json).toMatchObject({ type: 'error_rate', count: 5, threshold: 5, windowMinutes: 5 });
  });

  it("one event short of the threshold at the window's edge does not fire", async () => {
    const hook = await receiver();
    const s = await setup();
    const fire = Date.parse('2026-06-01T12:07:30.500Z');
    for (const at of [fire - 5 * 60_000, fire - 5 * 60_000 + 1]) {
      clock.set(at);
      await s.ingest();
    }
    await s.rule({ name: 'Edge', type: 'ERROR_RATE', threshold: 3, windowMinutes: 5, webhookUrl: hook.url });
    clock.set(fire);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
  });

  it('after the window passes with too few new events, it does not fire', async () => {
    const hook = await receiver();
    const s = await setup();
    await s.rule({ name: 'Spike', type: 'ERROR_RATE', threshold: 2, windowMinutes: 1, webhookUrl: hook.url });
    clock.set(Date.now());
    await s.ingest();
    clock.advance(61_000);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
  });

  it('fires exactly once under 50 concurrent events', async () => {
    const hook = await receiver();
    const s = await setup();
    const rule = await s.rule({
      name: 'Flood',
      type: 'ERROR_RATE',
      threshold: 10,
      windowMinutes: 10,
      webhookUrl: hook.url,
    });
    await Promise.all(Array.from({ length: 50 }, (_, i) => s.ingest(`g${i % 5}`)));
    expect(await db.event.count({ where: { projectId: s.project.id } })).toBe(50);
    await hook.waitFor(1);
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0].json.count).toBeGreaterThanOrEqual(10);
    expect(hook.requests[0].json.count).toBeLessThanOrEqual(50);
    expect(await s.logs(rule.id)).toHaveLength(1);
  });
});

describe('webhook delivery', () => {
  it('a receiver answering 500 is retried three times and every attempt is logged', async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    const s = await setup();
    const rule = await s.rule({ name: 'r', webhookUrl: hook.url });
    await s.ingest();
    await hook.waitFor(4);
    await settle();
    expect(hook.requests).toHaveLength(4);
    expect(new Set(hook.requests.map((r) => r.body)).size).toBe(1);
    const logs = await s.logs(rule.id);
    expect(logs).toHaveLength(4);
    for (const l of logs)
      expect(l).toMatchObject({
        ruleId: rule.id,
        channel: 'webhook',
        target: hook.url,
        success: false,
        error: 'HTTP 500',
      });
  });

  it('a retry that succeeds stops the retries; a 4xx is not retried', async () => {
    const flaky = await receiver([503, 200]);
    const refusing = await receiver([404]);
    const s = await setup();
    const a = await s.rule({ name: 'flaky', webhookUrl: flaky.url });
    const b = await s.rule({ name: 'refusing', webhookUrl: refusing.url });
    await s.ingest();
    await flaky.waitFor(2);
    await refusing.waitFor(1);
    await settle();
    expect(flaky.requests).toHaveLength(2);
    expect(refusing.requests).toHaveLength(1);
    expect((await s.logs(a.id)).map((l) => [l.success, l.error]).sort()).toEqual([
      [false, 'HTTP 503'],
      [true, null],
    ]);
    expect((await s.logs(b.id)).map((l) => [l.success, l.error])).toEqual([[false, 'HTTP 404']]);
  });

  it('a network error is retried and logged', async () => {
    const gone = await receiver();
    await gone.close();
    const s = await setup();
    const rule = await s.rule({ name: 'r', webhookUrl: gone.url });
    await s.ingest();
    await waitUntil(async () => (await s.logs(rule.id)).length === 4);
    await settle();
    const logs = await s.logs(rule.id);
    expect(logs).toHaveLength(4);
    for (const l of logs) expect(l).toMatchObject({ success: false, error: 'Network error: ECONNREFUSED' });
  });

  it('a receiver that does not answer in time is a retryable failure', async () => {
    const slow = await receiver([0, 0, 0, 0]);
    const s = await setup();
    const rule = await s.rule({ name: 'r', webhookUrl: slow.url });
    process.env.ALERT_WEBHOOK_TIMEOUT_MS = '200';
    try {
      await s.ingest();
      await waitUntil(async () => (await s.logs(rule.id)).length === 4);
    } finally {
      delete process.env.ALERT_WEBHOOK_TIMEOUT_MS;
    }
    expect(slow.requests).toHaveLength(4);
    for (const l of await s.logs(rule.id)) expect(l).toMatchObject({ success: false, error: 'Timed out after 200 ms' });
  });

  it('a host name is resolved and delivered to when private targets are allowed', async () => {
    const hook = await receiver();
    const s = await setup();
    const rule = await s.rule({ name: 'r', webhookUrl: `${hook.url.replace('127.0.0.1', 'localhost')}/named` });
    await s.ingest();
    const [req] = await hook.waitFor(1);
    expect(req.path).toBe('/named');
    expect(req.headers.host).toBe(new URL(hook.url.replace('127.0.0.1', 'localhost')).host);
    await waitUntil(async () => (await s.logs(rule.id)).length === 1);
    expect((await s.logs(rule.id))[0]).toMatchObject({ success: true, error: null });
  });

  it('refuses loopback and private targets when the guard is on: logged once as failed, nothing sent', async () => {
    const hook = await receiver();
    const s = await setup();
    const byIp = await s.rule({ name: 'ip', webhookUrl: `${hook.url}/x` });
    const byName = await s.rule({ name: 'name', webhookUrl: `${hook.url.replace('127.0.0.1', 'localhost')}/y` });
    const metadata = await s.rule({ name: 'metadata', webhookUrl: 'http://169.254.169.254/latest/meta-data' });
    process.env.WEBHOOK_ALLOW_PRIVATE = 'false';
    try {
      await s.ingest();
      await waitUntil(async () =>
        (await Promise.all([byIp, byName, metadata].map((r) => s.logs(r.id)))).every((l) => l.length === 1),
      );
      await settle();
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
    }
    expect(hook.requests).toHaveLength(0);
    for (const [rule, address] of [
      [byIp, '127.0.0.1'],
      [byName, '(127.0.0.1|::1)'],
      [metadata, '169.254.169.254'],
    ] as const) {
      const logs = await s.logs(rule.id);
      expect(logs).toHaveLength(1);
      expect(logs[0].success).toBe(false);
      expect(logs[0].error).toMatch(new RegExp(`^Refused: .* resolves to a non-public address \\(${address}\\)$`));
    }
  });
});

describe('durable delivery', () => {
  it('a job enqueued while no worker runs is delivered exactly once after a restart', async () => {
    const hook = await receiver();
    const s = await setup();
    const rule = await s.rule({ name: 'r', webhookUrl: hook.url });
    await stopJobs();
    try {
      await s.ingest();
      const { rows } = await pool().query(
        `SELECT state FROM pgboss.job WHERE name = 'alert-webhook' AND data->>'ruleId' = $1`,
        [rule.id],
      );
      expect(rows).toEqual([{ state: 'created' }]);
      // The process "dies" with the job still queued.
      await settle();
      expect(hook.requests).toHaveLength(0);
      await stopJobs();
    } finally {
      await startAlertWorkers();
    }
    await hook.waitFor(1);
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(await s.logs(rule.id)).toHaveLength(1);
    const { rows } = await pool().query(
      `SELECT state FROM pgboss.job WHERE name = 'alert-webhook' AND data->>'ruleId' = $1`,
      [rule.id],
    );
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
