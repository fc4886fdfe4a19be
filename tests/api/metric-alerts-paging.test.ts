// #62 / #64: a metric alert incident goes through PagerDuty (Events API v2 via @pagerduty/pdjs) and Opsgenie on
// loopback. Real @sentry/node spans cross the rule: one trigger (dedup_key `metric-incident-<id>`, severity critical)
// and one Opsgenie create (that alias), none more from a second evaluator the same minute; when they fall back, one
// resolve with the same dedup_key and one close by alias. Another organization's integration is refused (the issue
// rules' 400) and nothing is created.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { evaluateMetricAlerts } from '@/lib/alerts/evaluate-metric-alerts';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { fakeOpsgenie, fakePagerDuty, fakeTeams } from '../support/fake-chat/paging';
import { useIntegrationWorkers } from '../support/integrations';
import { waitUntil } from '../support/wait';
import { startSentryServer } from './sentry-server';

const MIN = 60_000;
const run = promisify(execFile);
// The fake PagerDuty's certificate is self-signed: pdjs speaks only https.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const pd = await fakePagerDuty('R0UTINGKEY0123456789');
const og = await fakeOpsgenie('genie-key-1');
const teams = await fakeTeams();
useIntegrationWorkers();
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await Promise.all([pd.close(), og.close(), teams.close(), server.close()]);
});

const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('metric alerts through paging', () => {
  it('triggers and resolves PagerDuty and Opsgenie once per crossing with the incident key', async () => {
    const t = await signUp({ name: 'Metric pager' });
    const project = await createProject(t.client, 'Checkout');
    const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
    const connect = async (provider: string, config: object, secrets: object) => {
      const res = await t.client.post('/api/v1/organization/integrations', { provider, config, secrets });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const pdId = await connect('pagerduty', { server: pd.server }, { routingKey: 'R0UTINGKEY0123456789' });
    const ogId = await connect('opsgenie', { region: 'eu', baseUrl: og.url }, { apiKey: 'genie-key-1' });
    const teamsId = await connect('teams', {}, { webhookUrl: `${teams.url}/workflows/m?sig=s3cret` });

    const m0 = Math.floor(Date.now() / MIN) * MIN - 6 * MIN;
    const plan = {
      spans: [
        { at: m0 - 150_000, duration: 900, count: 5 },
        { at: m0 + 90_000, duration: 100, count: 5 },
      ],
    };
    const program = path.join(import.meta.dirname, '../support/metric-alert-sdks/app.mjs');
    const { stdout } = await run(process.execPath, [program, dsn, JSON.stringify(plan)], { timeout: 60_000 });
    expect(stdout.trim().split('\n').at(-1), stdout).toBe('sent');
    await waitUntil(async () => {
      const q = { dataset: 'spans', query: 'span.op:http.client', statsPeriod: '1h' };
      const res = await t.client.get('/api/v1/organization/explore', { query: q });
      return res.body.data?.table[0]?.['count()'] === 10;
    }, 20_000);

    const body = {
      query: { dataset: 'spans', query: 'span.op:http.client', aggregates: ['p95(span.duration)'] },
      warningThreshold: 500,
      criticalThreshold: 800,
      resolveThreshold: 300,
      windowMinutes: 3,
    };
    const create = (over: object) =>
      t.client.post(`/api/v1/projects/${project.id}/metric-alerts`, { ...body, ...over });
    const a = await create({ name: 'p95 to PagerDuty', ticketIntegrationId: pdId });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data.ticketIntegrationId).toBe(pdId);
    const b = await create({ name: 'p95 to Opsgenie', ticketIntegrationId: ogId });
    expect(b.status, b.text).toBe(201);
    const c = await create({ name: 'p95 to Teams', ticketIntegrationId: teamsId });
    expect(c.status, c.text).toBe(201);
    // Muted: its incident opens and resolves, and PagerDuty hears nothing of it.
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const muted = await create({ name: 'Muted', ticketIntegrationId: pdId, mutedUntil: until });
    expect(muted.status, muted.text).toBe(201);

    const both = await Promise.all([evaluateMetricAlerts(new Date(m0 + 5_000)), evaluateMetricAlerts(new Date(m0))]);
    expect(
      both
        .flat()
        .map((f) => [f.to, f.notified].join(' '))
        .sort(),
    ).toEqual(['critical false', 'critical true', 'critical true', 'critical true']);
    await waitUntil(() => pd.events().length === 1 && og.calls.length === 1 && teams.calls.length === 1, 20_000);
    const incidents = await t.client.get(`/api/v1/projects/${project.id}/metric-alerts/incidents`);
    const byRule = Object.fromEntries(incidents.body.data.map((i: { ruleId: string; id: string }) => [i.ruleId, i.id]));
    const pdKey = `metric-incident-${byRule[a.body.data.id]}`;
    const ogKey = `metric-incident-${byRule[b.body.data.id]}`;
    expect(pd.events()[0].body).toMatchObject({
      routing_key: 'R0UTINGKEY0123456789',
      event_action: 'trigger',
      dedup_key: pdKey,
      payload: { source: 'Checkout', severity: 'critical', custom_details: { value: 900, threshold: 800 } },
      links: [{ href: expect.stringContaining(`/projects/${project.id}/alerts#incident-`) }],
    });
    expect(og.calls[0]).toMatchObject({ method: 'POST', path: '/v2/alerts', body: { alias: ogKey, priority: 'P1' } });
    const card = (i: number) => teams.calls[i].body.attachments[0].content;
    expect(card(0).body[0].text).toBe('Critical: metric alert in Checkout');
    expect(card(0).actions[0]).toMatchObject({
      title: 'Open the Alerts page',
      url: expect.stringContaining('/alerts#'),
    });

    // Fallen back: resolved once, by the same key.
    const resolved = await Promise.all([
      evaluateMetricAlerts(new Date(m0 + 3 * MIN)),
      evaluateMetricAlerts(new Date(m0 + 3 * MIN + 1_000)),
    ]);
    expect(resolved.flat().map((f) => f.to)).toEqual(['ok', 'ok', 'ok', 'ok']);
    await waitUntil(() => pd.events().length === 2 && og.calls.length === 2 && teams.calls.length === 2, 20_000);
    expect(card(1).body[0].text).toBe('Resolved: metric alert in Checkout');
    expect(pd.events()[1].body).toMatchObject({ event_action: 'resolve', dedup_key: pdKey });
    expect(og.calls[1]).toMatchObject({ method: 'POST', path: `/v2/alerts/${ogKey}/close` });
    expect(og.calls[1].query.get('identifierType')).toBe('alias');
    await settle();
    expect([pd.events().length, og.calls.length, teams.calls.length, pd.problems]).toEqual([2, 2, 2, []]);

    const log = await t.client.get(`/api/v1/organization/integrations/${pdId}/deliveries`);
    expect(log.body.data.deliveries.map((d: any) => [d.action, d.success, d.target, d.issueId])).toEqual([
      ['metric_resolve', true, pdKey, null],
      ['metric_alert', true, pdKey, null],
    ]);
    expect(log.text).not.toContain('R0UTINGKEY0123456789');
  }, 120_000);

  it("refuses another organization's integration (the issue rules' 400), creating nothing", async () => {
    const other = await signUp({ name: 'Other org' });
    const foreign = await other.client.post('/api/v1/organization/integrations', {
      provider: 'opsgenie',
      config: { region: 'us' },
      secrets: { apiKey: 'other-key' },
    });
    expect(foreign.status, foreign.text).toBe(201);
    const t = await signUp({ name: 'Metric owner' });
    const project = await createProject(t.client, 'Shop');
    const res = await t.client.post(`/api/v1/projects/${project.id}/metric-alerts`, {
      name: 'Foreign',
      query: { dataset: 'spans', query: '', aggregates: ['count()'] },
      criticalThreshold: 10,
      windowMinutes: 5,
      ticketIntegrationId: foreign.body.data.id,
    });
    const refusal = {
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: ['ticketIntegrationId'], message: 'Integration not found in this organization' }],
    };
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(refusal);
    expect(await db.alertRule.count({ where: { projectId: project.id } })).toBe(0);

    // A PATCH naming it is refused the same way, and the rule keeps no integration.
    const ok = await t.client.post(`/api/v1/projects/${project.id}/metric-alerts`, {
      name: 'Mine',
      query: { dataset: 'spans', query: '', aggregates: ['count()'] },
      criticalThreshold: 10,
      windowMinutes: 5,
      notifyEmail: 'oncall@example.com',
    });
    expect(ok.status, ok.text).toBe(201);
    const patch = await t.client.request('PATCH', `/api/v1/projects/${project.id}/metric-alerts/${ok.body.data.id}`, {
      body: { ticketIntegrationId: foreign.body.data.id },
    });
    expect([patch.status, patch.body]).toEqual([400, refusal]);
    const stored = await db.alertRule.findUniqueOrThrow({ where: { id: ok.body.data.id } });
    expect(stored.ticketIntegrationId).toBeNull();
  });
});
