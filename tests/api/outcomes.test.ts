// Outcomes (#28): every item received is counted as accepted, filtered, rate limited, over quota, invalid,
// unsupported, or dropped by the SDK, and the Stats API reads back exactly what the test caused.
import * as Sentry from '@sentry/node';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { errorEnvelope, send, transactionEnvelope } from './ingest-helpers';
import { startSentryServer } from './sentry-server';

const T = Math.floor(Date.now() / 1000) - 60;

async function setup(name = 'Stats shop') {
  const s = await signUp();
  const project = await createProject(s.client, name);
  const key = project.keys[0].publicKey;
  const auth = { 'x-sentry-auth': `Sentry sentry_key=${key}, sentry_version=7` };
  const envelope = (items: { type: string; payload: unknown }[], header: object = {}) =>
    [
      JSON.stringify(header),
      ...items.flatMap((i) => [
        JSON.stringify({ type: i.type }),
        typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload),
      ]),
    ].join('\n');
  const postEnvelope = (body: string) => s.client.post(`/api/${project.number}/envelope/`, body, { headers: auth });
  const stats = async (client: TestClient = s.client, query: Record<string, string> = {}) =>
    (await client.get(`/api/v1/projects/${project.id}/stats`, { query })).body;
  return { ...s, project, key, envelope, postEnvelope, stats };
}

const sentryEvent = (id: string, extra: object = {}) => ({
  event_id: id,
  timestamp: T,
  level: 'error',
  exception: {
    values: [
      { type: 'Error', value: 'boom', stacktrace: { frames: [{ filename: 'app.js', function: 'f', lineno: 1 }] } },
    ],
  },
  ...extra,
});

/** The rows of a Stats answer as `category/outcome/reason → quantity`. */
const table = (data: { rows: { category: string; outcome: string; reason: string; quantity: number }[] }) =>
  Object.fromEntries(data.rows.map((r) => [`${r.category}/${r.outcome}/${r.reason}`, r.quantity]));

afterAll(async () => {
  delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
  clock.reset();
});

describe('outcomes: what happened to every item', () => {
  it('accepted, duplicate, invalid, unsupported item types and client reports, counted exactly', async () => {
    const s = await setup();
    // Accepted: 2 native errors, 1 native transaction, 1 Sentry event.
    expect(
      (
        await send({
          client: s.client,
          projectId: s.project.id,
          key: s.key,
          body: errorEnvelope({ fingerprint: ['a'] }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send({
          client: s.client,
          projectId: s.project.id,
          key: s.key,
          body: errorEnvelope({ fingerprint: ['b'], event_id: 'a'.repeat(32) }),
        })
      ).status,
    ).toBe(200);
    // The same event_id again: answered 200, stored once, counted as filtered.
    expect(
      (
        await send({
          client: s.client,
          projectId: s.project.id,
          key: s.key,
          body: errorEnvelope({ fingerprint: ['b'], event_id: 'a'.repeat(32) }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send({
          client: s.client,
          projectId: s.project.id,
          key: s.key,
          body: transactionEnvelope({ timestamp: Date.now() - 1000 }),
        })
      ).status,
    ).toBe(200);
    const mixed = s.envelope([
      { type: 'event', payload: sentryEvent('b'.repeat(32)) },
      {
        type: 'session',
        payload: { sid: 's1', status: 'ok', started: new Date().toISOString(), attrs: { release: 'a@1' } },
      },
      { type: 'attachment', payload: 'log line' },
      { type: 'check_in', payload: { check_in_id: 'c'.repeat(32), monitor_slug: 'nightly', status: 'ok' } },
      { type: 'log', payload: { items: [] } },
      { type: 'replay_video', payload: {} },
      { type: 'brand_new_type', payload: {} },
      {
        type: 'client_report',
        payload: {
          timestamp: T,
          discarded_events: [
            { reason: 'queue_overflow', category: 'error', quantity: 3 },
            { reason: 'sample_rate', category: 'transaction', quantity: 7 },
            { reason: 'before_send', category: 'default', quantity: 1 },
            { reason: 'bogus', category: 'error', quantity: -5 },
          ],
        },
      },
    ]);
    expect((await s.postEnvelope(mixed)).status).toBe(200);
    // Invalid: a native error without exception.value, a body that is not JSON, a Sentry transaction without duration.
    const noValue = errorEnvelope();
    delete (noValue.exception as { value?: string }).value;
    expect((await send({ client: s.client, projectId: s.project.id, key: s.key, body: noValue })).status).toBe(400);
    expect((await send({ client: s.client, projectId: s.project.id, key: s.key, body: '{not json' })).status).toBe(400);
    expect(
      (await s.postEnvelope(s.envelope([{ type: 'transaction', payload: { transaction: 'x', timestamp: T } }]))).status,
    ).toBe(400);

    const res = await s.stats();
    expect(res.statusCode).toBe(200);
    expect(table(res.data)).toEqual({
      'error/accepted/': 3,
      'transaction/accepted/': 1,
      'error/filtered/duplicate_event_id': 1,
      'session/accepted/': 1,
      // An attachment item needs a filename (Sentry's protocol): counted invalid, the envelope's other items kept.
      'attachment/invalid/invalid_header': 1,
      'monitor/accepted/': 1,
      'replay/unsupported/not_stored': 1,
      'unknown/unsupported/not_stored': 1,
      'error/client_discard/queue_overflow': 3,
      'transaction/client_discard/sample_rate': 7,
      'error/client_discard/before_send': 1,
      'error/invalid/validation: exception.value': 1,
      'unknown/invalid/invalid_json': 1,
      'transaction/invalid/validation: duration': 1,
    });
    // The log item holds no lines: nothing to count.
    expect(res.data.totals).toEqual({
      accepted: 6,
      filtered: 1,
      rate_limited: 0,
      over_quota: 0,
      invalid: 4,
      client_discard: 11,
      unsupported: 2,
    });
    expect(res.data.series).toHaveLength(30);
    expect(res.data.series.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      accepted: 6,
      invalid: 4,
    });
    expect(res.data.series.slice(0, -1).every((d: { accepted: number }) => d.accepted === 0)).toBe(true);

    // The category filter and the organization's view (the sum of its projects).
    expect(table((await s.stats(s.client, { category: 'transaction' })).data)).toEqual({
      'transaction/accepted/': 1,
      'transaction/client_discard/sample_rate': 7,
      'transaction/invalid/validation: duration': 1,
    });
    await setPlan(s.orgId, 'PRO');
    const other = await createProject(s.client, 'Second');
    expect(
      (await send({ client: s.client, projectId: other.id, key: other.keys[0].publicKey, body: errorEnvelope() }))
        .status,
    ).toBe(200);
    const org = (await s.client.get('/api/v1/organization/stats', { query: { days: '7' } })).body.data;
    expect(org.series).toHaveLength(7);
    expect(org.totals.accepted).toBe(7);
  });

  it('rate limited and over quota, each counted once per refused item', async () => {
    const s = await setup('Limits');
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    try {
      while (await reserveIngestTokens(s.key));
      const refused = [];
      for (let i = 0; i < 3; i++)
        refused.push(
          (await send({ client: s.client, projectId: s.project.id, key: s.key, body: errorEnvelope() })).status,
        );
      expect(refused).toEqual([429, 429, 429]);
    } finally {
      delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    }
    // The bucket refills at the default rate again.
    await new Promise((r) => setTimeout(r, 1_500));
    const month = monthOf(clock.now());
    await db.monthlyUsage.upsert({
      where: { orgId_month: { orgId: s.orgId, month } },
      create: { orgId: s.orgId, month, used: monthlyEventLimit('FREE'), errors: monthlyEventLimit('FREE') },
      update: { used: monthlyEventLimit('FREE') },
    });
    expect((await send({ client: s.client, projectId: s.project.id, key: s.key, body: errorEnvelope() })).status).toBe(
      429,
    );
    expect((await s.postEnvelope(s.envelope([{ type: 'event', payload: sentryEvent('d'.repeat(32)) }]))).status).toBe(
      429,
    );
    expect(table((await s.stats()).data)).toEqual({
      'unknown/rate_limited/key_rate_limit': 3,
      'error/over_quota/usage_exceeded': 2,
    });
  });

  it('what @sentry/node 11 itself dropped while backing off after our 429 arrives in its client report', async () => {
    const s = await setup('SDK discards');
    const server = await startSentryServer();
    try {
      Sentry.init({
        dsn: server.dsn((s.project.keys[0] as { sentryDsn?: string }).sentryDsn!),
        defaultIntegrations: false,
        sendClientReports: true,
      });
      process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
      while (await reserveIngestTokens(s.key));
      Sentry.captureException(new Error('first'));
      await Sentry.flush(3000);
      // X-Sentry-Rate-Limits told the SDK to back off: these two never leave the process.
      Sentry.captureException(new Error('second'));
      Sentry.captureException(new Error('third'));
      delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
      await new Promise((r) => setTimeout(r, 1500));
      await Sentry.flush(3000);
      const statuses = server.received.map((r) => [r.itemTypes.join(','), r.status]);
      expect(statuses).toEqual([
        ['event', 429],
        ['client_report', 200],
      ]);
      // What the SDK reported, read from the request it sent.
      const report = JSON.parse(server.received[1].text.split('\n')[2]);
      const expected: Record<string, number> = {};
      for (const d of report.discarded_events)
        expected[`${d.category === 'default' ? 'error' : d.category}/client_discard/${d.reason}`] = d.quantity;
      expect(expected['error/client_discard/ratelimit_backoff']).toBe(2);
      expect(table((await s.stats()).data)).toEqual({ 'unknown/rate_limited/key_rate_limit': 1, ...expected });
    } finally {
      delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
      await Sentry.close(1000);
      await server.close();
    }
  });

  it('bad parameters are 400 naming the field; another organization’s project is 404', async () => {
    const s = await setup('Params');
    for (const [query, path, message] of [
      [{ days: '0' }, ['query', 'days'], 'Days: a whole number from 1 to 90'],
      [{ days: '91' }, ['query', 'days'], 'Days: a whole number from 1 to 90'],
      [{ days: 'x' }, ['query', 'days'], 'Days: a whole number from 1 to 90'],
      [{ category: 'emails' }, ['query', 'category'], expect.stringContaining('Category: one of error, transaction')],
    ] as const) {
      const res = await s.client.get(`/api/v1/projects/${s.project.id}/stats`, {
        query: query as Record<string, string>,
      });
      expect([res.status, res.body.message, res.body.error]).toEqual([400, 'Validation error', [{ path, message }]]);
    }
    const stranger = await signUp();
    const res = await stranger.client.get(`/api/v1/projects/${s.project.id}/stats`);
    expect([res.status, res.body.message]).toEqual([404, 'Project not found']);
  });
});
