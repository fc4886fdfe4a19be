// #62: metric alerts over what the real @sentry/node 11 sends (tests/support/metric-alert-sdks/app.mjs). The minute
// job's evaluation is run directly, for chosen minutes: a rule on span p95 opens an incident once when the spans
// cross it (one webhook to a loopback receiver; a second evaluator running the same minute sends none), resolves when
// they fall back and sends that once; a muted rule opens its incident and sends nothing; a rule on log-line counts per
// severity likewise; a rule on a gauge the SDK sends (Sentry.metrics.gauge) fires once when its maximum passes.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateMetricAlerts } from '@/lib/alerts/evaluate-metric-alerts';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { useAlertWorkers } from '../support/alert-workers';
import type { TestClient } from '../support/client';
import { waitUntil } from '../support/wait';
import { startSentryServer } from './sentry-server';

const MIN = 60_000;
const run = promisify(execFile);
const receiver = useAlertWorkers();
let server: Awaited<ReturnType<typeof startSentryServer>>;

beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Checkout');
  const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
  return { ...s, project, dsn };
}

async function send(dsn: string, plan: object) {
  const program = path.join(import.meta.dirname, '../support/metric-alert-sdks/app.mjs');
  const { stdout } = await run(process.execPath, [program, dsn, JSON.stringify(plan)], { timeout: 60_000 });
  expect(stdout.trim().split('\n').at(-1), stdout).toBe('sent');
}

/** Waits until Explore counts `n` rows of the query in the last hour (ingest answered before it stored). */
async function stored(client: TestClient, query: Record<string, string>, n: number) {
  await waitUntil(async () => {
    const res = await client.get('/api/v1/organization/explore', { query: { ...query, statsPeriod: '1h' } });
    return res.body.data?.table[0]?.['count()'] === n;
  }, 20_000);
}

const settle = () => new Promise((r) => setTimeout(r, 600));

describe('metric alerts', () => {
  it('span p95: fires once per crossing, once across two evaluators, resolves, and a muted rule sends nothing', async () => {
    const hook = await receiver();
    const t = await setup();
    // Six minutes ago, on the minute: the slow spans 2.5 minutes before it, the fast ones 1.5 minutes after.
    const m0 = Math.floor(Date.now() / MIN) * MIN - 6 * MIN;
    await send(t.dsn, {
      spans: [
        { at: m0 - 150_000, duration: 900, count: 5 },
        { at: m0 + 90_000, duration: 100, count: 5 },
      ],
    });
    await stored(t.client, { dataset: 'spans', query: 'span.op:http.client' }, 10);
    const body = {
      query: { dataset: 'spans', query: 'span.op:http.client', aggregates: ['p95(span.duration)'] },
      warningThreshold: 500,
      criticalThreshold: 800,
      resolveThreshold: 300,
      windowMinutes: 3,
    };
    const create = (over: object) => t.client.post(`/api/v1/projects/${t.project.id}/metric-alerts`, over);
    const a = await create({ ...body, name: 'Checkout p95', webhookUrl: `${hook.url}/a` });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data).toMatchObject({
      type: 'METRIC',
      query: { dataset: 'spans', query: 'span.op:http.client', aggregates: ['p95(span.duration)'], groupBy: [] },
      direction: 'above',
      warningThreshold: 500,
      criticalThreshold: 800,
      resolveThreshold: 300,
      windowMinutes: 3,
      comparison: null,
      mutedUntil: null,
      state: 'ok',
    });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const b = await create({ ...body, name: 'Muted p95', webhookUrl: `${hook.url}/b`, mutedUntil: until });
    expect(b.status, b.text).toBe(201);

    // Two instances evaluating the same minute: the rules are claimed once, so each crossing is recorded once.
    const both = (await Promise.all([evaluateMetricAlerts(new Date(m0 + 5_000)), evaluateMetricAlerts(new Date(m0))]))
      .flat()
      .sort((x, y) => Number(x.notified) - Number(y.notified));
    expect(both).toEqual([
      { ruleId: b.body.data.id, from: 'ok', to: 'critical', value: 900, notified: false },
      { ruleId: a.body.data.id, from: 'ok', to: 'critical', value: 900, notified: true },
    ]);
    expect(await evaluateMetricAlerts(new Date(m0 + 30_000))).toEqual([]);
    const [critical] = await hook.waitFor(1);
    expect(critical.path).toBe('/a');
    expect(critical.json).toMatchObject({
      type: 'metric_alert',
      state: 'critical',
      projectName: 'Checkout',
      ruleName: 'Checkout p95',
      dataset: 'spans',
      aggregate: 'p95(span.duration)',
      filter: 'span.op:http.client',
      group: null,
      value: 900,
      threshold: 800,
      direction: 'above',
      windowMinutes: 3,
      comparison: null,
    });
    expect(critical.headers['x-webhook-signature']).toBeTruthy();

    // A minute with no span in the window: no value, nothing changes.
    expect(await evaluateMetricAlerts(new Date(m0 + MIN))).toEqual([]);
    // The fast spans alone: back below the resolve threshold.
    const resolved = await evaluateMetricAlerts(new Date(m0 + 3 * MIN));
    expect(resolved.map((f) => [f.ruleId, f.to, f.value]).sort()).toEqual(
      [
        [a.body.data.id, 'ok', 100],
        [b.body.data.id, 'ok', 100],
      ].sort(),
    );
    const [, back] = await hook.waitFor(2);
    expect(back.json).toMatchObject({ state: 'resolved', value: 100, threshold: 300, ruleName: 'Checkout p95' });
    await settle();
    expect(hook.requests.map((r) => r.path)).toEqual(['/a', '/a']);

    const incidents = await t.client.get(`/api/v1/projects/${t.project.id}/metric-alerts/incidents`);
    expect(incidents.status).toBe(200);
    const byRule = Object.fromEntries(incidents.body.data.map((i: { ruleId: string }) => [i.ruleId, i]));
    const opened = new Date(m0).toISOString();
    const closed = new Date(m0 + 3 * MIN).toISOString();
    expect(byRule[a.body.data.id]).toMatchObject({
      ruleName: 'Checkout p95',
      level: 'critical',
      group: null,
      openedAt: opened,
      resolvedAt: closed,
      peakValue: 900,
      peakAt: opened,
      lastValue: 100,
      timeline: [
        { at: opened, kind: 'opened', level: 'critical', value: 900, notified: true },
        { at: closed, kind: 'resolved', level: 'ok', value: 100, notified: true },
      ],
    });
    expect(byRule[b.body.data.id].timeline.map((e: { notified: boolean }) => e.notified)).toEqual([false, false]);
    const rules = (await t.client.get(`/api/v1/projects/${t.project.id}/alerts`)).body.data;
    expect(rules.map((r: { state: string }) => r.state)).toEqual(['ok', 'ok']);
  }, 90_000);

  it('log-line count per severity: one webhook when the count passes, one when it falls back', async () => {
    const hook = await receiver();
    const t = await setup();
    await send(t.dsn, { logs: [{ message: 'payment.failed for order', count: 8 }] });
    await stored(t.client, { dataset: 'logs', query: 'payment.failed' }, 8);
    const res = await t.client.post(`/api/v1/projects/${t.project.id}/metric-alerts`, {
      name: 'Failed payments',
      query: { dataset: 'logs', query: 'payment.failed', aggregates: ['count()'], groupBy: ['severity'] },
      criticalThreshold: 5,
      windowMinutes: 2,
      webhookUrl: hook.url,
      webhookFormat: 'slack',
    });
    expect(res.status, res.text).toBe(201);
    // The next minute's window holds the lines just sent.
    const m = Math.floor(Date.now() / MIN) * MIN + MIN;
    const fired = await Promise.all([evaluateMetricAlerts(new Date(m)), evaluateMetricAlerts(new Date(m + 1))]);
    expect(fired.flat()).toEqual([{ ruleId: res.body.data.id, from: 'ok', to: 'critical', value: 8, notified: true }]);
    const [critical] = await hook.waitFor(1);
    expect((critical.json as { text: string }).text).toBe('Critical: Failed payments in Checkout: count() (error) = 8');
    // Three minutes later the window is empty: no group has a row, a count of 0, resolved.
    expect(await evaluateMetricAlerts(new Date(m + 3 * MIN))).toEqual([
      { ruleId: res.body.data.id, from: 'critical', to: 'ok', value: 0, notified: true },
    ]);
    const [, back] = await hook.waitFor(2);
    expect((back.json as { text: string }).text).toBe('Resolved: Failed payments in Checkout: count() (error) = 0');
    await settle();
    expect(hook.requests).toHaveLength(2);
  }, 90_000);

  it('a gauge above its threshold: one webhook, none from a second evaluator the same minute', async () => {
    const hook = await receiver();
    const t = await setup();
    await send(t.dsn, {
      gauges: [
        { name: 'queue.depth', value: 400 },
        { name: 'queue.depth', value: 1500 },
        { name: 'queue.depth', value: 900 },
      ],
    });
    await stored(t.client, { dataset: 'metrics', query: 'metric.name:queue.depth' }, 3);
    const res = await t.client.post(`/api/v1/projects/${t.project.id}/metric-alerts`, {
      name: 'Queue depth',
      query: { dataset: 'metrics', query: 'metric.name:queue.depth', aggregates: ['max(value)'] },
      criticalThreshold: 1000,
      windowMinutes: 2,
      webhookUrl: hook.url,
    });
    expect(res.status, res.text).toBe(201);
    const m = Math.floor(Date.now() / MIN) * MIN + MIN;
    const fired = await Promise.all([evaluateMetricAlerts(new Date(m)), evaluateMetricAlerts(new Date(m + 1))]);
    expect(fired.flat()).toEqual([
      { ruleId: res.body.data.id, from: 'ok', to: 'critical', value: 1500, notified: true },
    ]);
    const [critical] = await hook.waitFor(1);
    expect(critical.json).toMatchObject({ state: 'critical', value: 1500, threshold: 1000, ruleName: 'Queue depth' });
    await settle();
    expect(hook.requests).toHaveLength(1);
  }, 90_000);
});
