// #32: uptime checks and MONITOR alerts. A local server that answers, fails (503), goes away (connection refused),
// and comes back: one issue with an event per failed run, one "failing" alert, one recovery (the issue resolved and
// one "recovered" alert). Checks run on a clock the test controls; instances racing run each check once. Loopback
// targets are refused unless WEBHOOK_ALLOW_PRIVATE is set, as for webhooks; bad uptime monitors get 400 naming the
// field.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '@/lib/clock';
import { failureEvents } from '@/lib/ingest/items/check-ins';
import { checkTarget, runUptimeChecks } from '@/lib/monitors/uptime';
import { signUp } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import { createProject } from '../support/fixtures';

const receiver = useAlertWorkers();
afterEach(() => clock.reset());

/** A site whose health page answers `mode`: up (200 with "status: ok"), failing (503) or down (not listening). */
async function startSite() {
  let mode: 'up' | 'failing' | 'wrong-body' = 'up';
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    if (mode === 'failing') return void res.writeHead(503).end('maintenance');
    res.writeHead(200, { 'content-type': 'text/plain' }).end(mode === 'up' ? 'status: ok' : 'status: degraded');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/health`,
    hits: () => hits,
    set: (m: typeof mode) => void (mode = m),
    stop: () => new Promise<void>((r) => server.close(() => r())),
    start: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
  };
}

describe('uptime checks', () => {
  it('a server that fails, goes away and comes back: one issue, one alert, one recovery', async () => {
    const hook = await receiver();
    const site = await startSite();
    const s = await signUp();
    const project = await createProject(s.client, 'Storefront');
    const rule = await s.client.post(`/api/v1/projects/${project.id}/alerts`, {
      name: 'Monitors',
      type: 'MONITOR',
      webhookUrl: `${hook.url}/monitors`,
    });
    expect(rule.status, rule.text).toBe(201);
    clock.set(Date.parse('2026-11-20T10:00:00Z'));
    const made = await s.client.post(`/api/v1/projects/${project.id}/monitors`, {
      slug: 'storefront-health',
      kind: 'uptime',
      url: site.url,
      expectedStatus: 200,
      keyword: 'status: ok',
      timeoutMs: 2000,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({
      kind: 'uptime',
      scheduleType: 'interval',
      schedule: '1 minute',
      url: site.url,
      nextExpectedAt: '2026-11-20T10:00:00.000Z',
    });
    const id = made.body.data.id as string;
    const read = async () =>
      (await s.client.get(`/api/v1/projects/${project.id}/monitors`)).body.data.find(
        (m: { id: string }) => m.id === id,
      );
    const tick = async (at: string) => {
      clock.set(Date.parse(at));
      // Three instances' minute jobs at once: the check runs once.
      const runs = await Promise.all([
        runUptimeChecks(failureEvents()),
        runUptimeChecks(failureEvents()),
        runUptimeChecks(failureEvents()),
      ]);
      return runs.reduce((n, r) => n + (r.has(id) ? 1 : 0), 0);
    };

    expect(await tick('2026-11-20T10:00:05Z')).toBe(1);
    expect(site.hits()).toBe(1);
    expect(await read()).toMatchObject({
      status: 'ok',
      nextExpectedAt: '2026-11-20T10:01:05.000Z',
      issueId: null,
      incidentSince: null,
    });
    // Not due yet: nothing runs.
    expect(await tick('2026-11-20T10:00:50Z')).toBe(0);

    site.set('failing');
    expect(await tick('2026-11-20T10:01:10Z')).toBe(1);
    let m = await read();
    expect(m).toMatchObject({ status: 'error', incidentSince: '2026-11-20T10:01:10.000Z' });
    expect(m.runs[0]).toMatchObject({ status: 'error', detail: 'HTTP 503 (expected 200)' });
    const issue = async () => (await s.client.get(`/api/v1/projects/${project.id}/issues/${m.issueId}`)).body.data;
    expect(await issue()).toMatchObject({
      title: 'Monitor failure: storefront-health failed: HTTP 503 (expected 200)',
      eventCount: 1,
      status: 'UNRESOLVED',
    });
    const [failing] = await hook.waitFor(1);
    expect(failing.json).toMatchObject({
      type: 'monitor',
      state: 'failing',
      monitor: 'storefront-health',
      kind: 'uptime',
      status: 'error',
      detail: 'HTTP 503 (expected 200)',
      failures: 1,
    });
    expect(failing.json.issueUrl).toContain(m.issueId);

    // Down, then the wrong page: more events on the same issue, no second alert.
    await site.stop();
    expect(await tick('2026-11-20T10:02:15Z')).toBe(1);
    site.set('wrong-body');
    await site.start();
    expect(await tick('2026-11-20T10:03:20Z')).toBe(1);
    m = await read();
    expect(m.runs.slice(0, 2).map((r: { detail: string }) => r.detail)).toEqual([
      'Keyword "status: ok" not found',
      'Network error: ECONNREFUSED',
    ]);
    expect(await issue()).toMatchObject({ eventCount: 3, status: 'UNRESOLVED' });

    site.set('up');
    expect(await tick('2026-11-20T10:04:25Z')).toBe(1);
    m = await read();
    expect(m).toMatchObject({ status: 'ok', incidentSince: null });
    expect(m.runs.map((r: { status: string }) => r.status)).toEqual(['ok', 'error', 'error', 'error', 'ok']);
    expect(m.runs[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(await issue()).toMatchObject({ eventCount: 3, status: 'RESOLVED' });
    const all = await hook.waitFor(2);
    expect(all[1].json).toMatchObject({ type: 'monitor', state: 'recovered', monitor: 'storefront-health' });
    // Exactly one alert per transition, even after the workers had time to deliver anything else.
    await new Promise((r) => setTimeout(r, 1500));
    expect(hook.requests.map((r) => r.json.state)).toEqual(['failing', 'recovered']);
    await site.stop();
  });

  it('loopback targets are refused unless WEBHOOK_ALLOW_PRIVATE is set; bad uptime monitors get 400 naming the field', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Guarded');
    const post = (body: object) =>
      s.client.post(`/api/v1/projects/${project.id}/monitors`, { slug: 'up', kind: 'uptime', ...body });
    for (const [body, field, message] of [
      [{}, 'url', 'An uptime check needs the URL to request'],
      [{ url: 'ftp://example.com/' }, 'url', 'Must be a valid http(s) URL'],
      [
        { url: 'http://example.com/', scheduleType: 'crontab', schedule: '* * * * *' },
        'scheduleType',
        'An uptime check runs on an interval',
      ],
      [{ url: 'http://example.com/', timeoutMs: 60_000 }, 'timeoutMs', 'Timeout must be 1,000 to 30,000 ms'],
      [{ url: 'http://example.com/', expectedStatus: 700 }, 'expectedStatus', 'An HTTP status is 100 to 599'],
      [{ url: 'http://example.com/', kind: 'ping' }, 'kind', 'Kind must be cron or uptime'],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.map((e: { path: string[]; message: string }) => [e.path.join('.'), e.message])).toEqual([
        [field, message],
      ]);
    }
    const before = process.env.WEBHOOK_ALLOW_PRIVATE;
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      for (const url of [
        'http://127.0.0.1:9/',
        'http://localhost:9/',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]:9/',
      ]) {
        const res = await post({ url });
        expect(res.status, url).toBe(400);
        expect(res.body.error[0].path).toEqual(['url']);
        expect(res.body.error[0].message).toMatch(/^Refused: .* resolves to a non-public address/);
        // And on every run (DNS can change after the monitor was made): no request leaves.
        expect(await checkTarget({ url, timeoutMs: 1000, expectedStatus: null, keyword: null })).toMatchObject({
          ok: false,
          detail: expect.stringMatching(/^Refused: /),
        });
      }
    } finally {
      if (before !== undefined) process.env.WEBHOOK_ALLOW_PRIVATE = before;
    }
    // Another organization's member cannot see or change it.
    const made = await post({ url: 'http://localhost:9/' });
    expect(made.status).toBe(201);
    const stranger = await signUp();
    expect(
      (
        await stranger.client.patch(`/api/v1/projects/${project.id}/monitors/${made.body.data.id}`, {
          url: 'http://localhost:8/',
        })
      ).status,
    ).toBe(404);
    expect((await s.client.get(`/api/v1/projects/${project.id}/monitors`)).body.data[0].url).toBe(
      'http://localhost:9/',
    );
  });
});
