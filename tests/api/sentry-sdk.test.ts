import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';

// The real @sentry/node (v11) sends to a loopback server that hands requests to our route handlers.
let server: Awaited<ReturnType<typeof startSentryServer>>;
let client: TestClient;
let project: Awaited<ReturnType<typeof createProject>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  client = s.client;
  project = await createProject(client, 'Node API', 'node');
  const sentryDsn = (project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn;
  expect(sentryDsn).toBe(`http://${project.keys[0].publicKey}@localhost:3000/${project.number}`);
  Sentry.init({
    dsn: server.dsn(sentryDsn),
    tracesSampleRate: 1,
    environment: 'test',
    release: 'api@1.0.0',
    // The SDK's own http instrumentation would trace our loopback server's requests too.
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.contextLinesIntegration()],
  });
});

afterAll(async () => {
  delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
  await Sentry.close(2000);
  await server.close();
});

function throwBoom(): never {
  throw new TypeError('boom');
}

describe('@sentry/node against our Sentry endpoint', () => {
  it('captureException → an issue titled "TypeError: boom" whose frame 0 is the throwing function in this file', async () => {
    try {
      throwBoom();
    } catch (err) {
      Sentry.captureException(err);
    }
    expect(await Sentry.flush(5000)).toBe(true);
    const sent = server.received.filter((r) => r.itemTypes.includes('event'));
    expect(sent.map((r) => [r.path, r.status])).toEqual([[`/api/${project.number}/envelope/`, 200]]);

    const issues = await client.get(`/api/v1/projects/${project.id}/issues`);
    expect(issues.body.data.issues.map((i: { title: string }) => i.title)).toEqual(['TypeError: boom']);
    const issue = issues.body.data.issues[0];
    expect(issue.level).toBe('ERROR');
    expect(issue.culprit).toMatch(/sentry-sdk\.test\.ts in throwBoom$/);

    const events = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`);
    const [event] = events.body.data.events;
    expect(event.message).toBe('boom');
    const frames = event.stacktrace.frames;
    expect(frames[0]).toMatchObject({
      function: 'throwBoom',
      filename: expect.stringMatching(/tests\/api\/sentry-sdk\.test\.ts$/),
    });
    expect(frames[0].lineno).toBeGreaterThan(0);
    // Innermost first: the test body that called throwBoom comes right after it.
    expect(frames[1].filename).toMatch(/sentry-sdk\.test\.ts$/);
    // Kept at full fidelity: the source around the throw, this file in-app, the SDK and the runtime.
    expect(frames[0]).toMatchObject({ in_app: true, context_line: "  throw new TypeError('boom');" });
    expect(frames[0].pre_context.at(-1)).toBe('function throwBoom(): never {');
    expect(frames.some((f: { in_app?: boolean }) => f.in_app === false)).toBe(true);
    expect(event.exceptions[0]).toMatchObject({
      type: 'TypeError',
      value: 'boom',
      mechanism: { type: expect.any(String), handled: true },
    });
    expect(event.sdk).toEqual({ name: 'sentry.javascript.node', version: expect.stringMatching(/^11\./) });
    expect(event.platform).toBe('node');
    expect(event.contexts.runtime).toMatchObject({ name: 'node' });
  });

  it('a Node transaction (startSpan, streamed as span v2) lands on the performance endpoint', async () => {
    await Sentry.startSpan({ name: 'GET /checkout', op: 'http.server' }, async () => {
      await Sentry.startSpan({ name: 'db.query', op: 'db' }, () => sleep(30));
    });
    expect(await Sentry.flush(5000)).toBe(true);
    const spanRequests = server.received.filter((r) => r.itemTypes.includes('span'));
    expect(spanRequests.map((r) => r.status)).toEqual([200]);

    const tx = await client.get(`/api/v1/projects/${project.id}/performance/transactions`);
    expect(tx.status).toBe(200);
    const groups = tx.body.data as { name: string; count: number; p50: number }[];
    expect(groups.map((g) => [g.name, g.count])).toEqual([['GET /checkout', 1]]);
    expect(groups[0].p50).toBeGreaterThanOrEqual(30);
  });

  it('span status is kept as sent (#38): a span that throws and one set to not_found count as failures', async () => {
    const statuses: [string, (span: Sentry.Span) => Promise<void> | void][] = [
      [
        'ok',
        async () => {
          await sleep(5);
        },
      ],
      ['thrown', () => Promise.reject(new Error('payment gateway down'))],
      ['not_found', async (span) => void span.setStatus({ code: 2, message: 'not_found' })],
      ['cancelled', async (span) => void span.setStatus({ code: 2, message: 'cancelled' })],
    ];
    for (const [, body] of statuses) {
      await Promise.resolve(
        Sentry.startSpan({ name: 'POST /pay', op: 'http.server' }, async (span) => body(span)),
      ).catch(() => undefined);
    }
    expect(await Sentry.flush(5000)).toBe(true);
    const rows = await db.transaction.findMany({
      where: { projectId: project.id, name: 'POST /pay' },
      select: { status: true },
    });
    expect(rows.map((r) => r.status).sort()).toEqual(['internal_error', 'not_found', 'ok', 'ok']);
    const tx = await client.get(`/api/v1/projects/${project.id}/performance/transactions`);
    const pay = (tx.body.data as { name: string; failureRate: number }[]).find((g) => g.name === 'POST /pay');
    expect(pay?.failureRate).toBe(0.5);
  });

  it('on a 429 the SDK stops sending for the advertised time, then resumes', async () => {
    // 0.25 tokens per second: the bucket holds 2.5 and a refused request is told to retry after 4 s.
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '0.25';
    const publicKey = project.keys[0].publicKey;
    while (await reserveIngestTokens(publicKey));
    const before = server.received.length;

    Sentry.captureException(new Error('refused'));
    await Sentry.flush(5000);
    const refusedAt = Date.now();
    const refused = server.received.slice(before);
    expect(refused.map((r) => r.status)).toEqual([429]);
    expect(refused[0].headers['retry-after']).toBe('4');
    expect(refused[0].headers['x-sentry-rate-limits']).toBe('4::key');

    // Within the advertised 4 seconds nothing reaches the server.
    for (let i = 0; i < 3; i++) Sentry.captureException(new Error(`dropped ${i}`));
    await Sentry.startSpan({ name: 'GET /dropped' }, () => sleep(5));
    await Sentry.flush(2000);
    expect(Date.now() - refusedAt).toBeLessThan(4000);
    expect(server.received.length).toBe(before + 1);

    // Back to the normal rate so the resumed requests (the SDK also reports its drops) are all accepted.
    delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    await sleep(4000 - (Date.now() - refusedAt) + 300);
    Sentry.captureException(new Error('after the back-off'));
    await Sentry.flush(5000);
    const resumed = server.received.slice(before + 1);
    expect(resumed.filter((r) => r.itemTypes.includes('event')).map((r) => r.status)).toEqual([200]);
    expect(resumed.every((r) => r.status === 200)).toBe(true);

    const issues = await client.get(`/api/v1/projects/${project.id}/issues`);
    const titles = issues.body.data.issues.map((i: { title: string }) => i.title).sort();
    expect(titles).toEqual(['Error: after the back-off', 'TypeError: boom']);
  });
});
