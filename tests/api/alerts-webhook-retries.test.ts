// Alert delivery (#6): webhooks are retried on 5xx, network errors and timeouts (every attempt logged), not on 4xx;
// private targets are refused when the guard is on; a job enqueued while no worker runs is delivered once.
import { describe, expect, it } from 'vitest';
import { alertProject as setup, settle } from '../support/alerts';
import { startAlertWorkers, useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { pool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';

const receiver = useAlertWorkers();

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
