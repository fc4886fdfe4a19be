// Native ingest (#1): error and transaction envelopes validated one rule per row at the exact path, and what a valid
// one stores.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { DELETE, errorEnvelope, mutate, send, transactionEnvelope } from './ingest-helpers';
import {
  anyMessage,
  client,
  eventCount,
  key,
  ok,
  projectId,
  txCount,
  useIngestProject,
} from '../support/ingest-project';
import {
  ACCEPTED_ERROR_CASES,
  ERROR_BASE,
  ERROR_VALIDATION_CASES,
  MALFORMED_BODY_CASES,
  TRANSACTION_BASE,
  TRANSACTION_VALIDATION_CASES,
} from './ingest-cases';

useIngestProject();

describe('ingest: error envelope validation (one rule per row)', () => {
  const base = ERROR_BASE;
  const cases = ERROR_VALIDATION_CASES;

  it.each(cases)('%s → 400 at the exact path', async (_name, body, path) => {
    const before = await eventCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await eventCount()).toBe(before);
  });

  it.each(MALFORMED_BODY_CASES)('%s → 400 with path []', async (_name, raw) => {
    const res = await send({ client, projectId, key, body: raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: anyMessage }],
    });
  });

  it('reports every invalid field at once', async () => {
    const res = await send({
      client,
      projectId,
      key,
      body: mutate(mutate(base, ['level'], 'loud'), ['tags'], { a: 1 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toEqual([['level'], ['tags', 'a']]);
  });

  it.each(ACCEPTED_ERROR_CASES)('accepts %s', async (_name, body) => {
    const before = await eventCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ok);
    expect(await eventCount()).toBe(before + 1);
  });
});

describe('ingest: transaction envelope validation (one rule per row)', () => {
  const base = TRANSACTION_BASE;
  const cases = TRANSACTION_VALIDATION_CASES;

  it.each(cases)('%s → 400 at the exact path', async (_name, body, path) => {
    const before = await txCount();
    const res = await send({ client, projectId, key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path, message: anyMessage }],
    });
    expect(await txCount()).toBe(before);
  });

  it('stores a valid transaction with its vitals; status defaults to ok; name of 200 characters and duration 0 are fine', async () => {
    const res = await send({ client, projectId, key, body: base });
    expect(res.body).toEqual(ok);
    const name = 'n'.repeat(200);
    expect((await send({ client, projectId, key, body: transactionEnvelope({ name, duration: 0 }) })).status).toBe(200);
    const rows = await db.transaction.findMany({ where: { projectId }, orderBy: { receivedAt: 'asc' } });
    expect(rows.at(-2)).toMatchObject({
      name: '/checkout',
      duration: 123.4,
      status: 'ok',
      lcp: 1200,
      cls: 0.05,
      fcp: 800,
      ttfb: 120,
    });
    expect(rows.at(-2)!.timestamp.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(rows.at(-1)).toMatchObject({ name, duration: 0, status: 'ok', lcp: null, cls: null });
  });
});

describe('ingest: stored event', () => {
  it('stores every field of the envelope, level upper-case, frames innermost first', async () => {
    const envelope = errorEnvelope({
      level: 'warning',
      environment: 'production',
      release: 'web@1.2.3',
      user: { id: 'u-1', email: 'alice@example.com' },
      tags: { browser: 'chrome' },
      request: { url: 'https://app.example.com/cart', method: 'GET', headers: { Accept: 'text/html' } },
      contexts: { browser: { name: 'Chrome', version: '120' }, os: { name: 'macOS', version: '14' } },
      breadcrumbs: [{ type: 'click', message: 'button#buy', timestamp: 1_699_999_999_000, data: { x: 1 } }],
      event_id: 'ABCDEF0123456789abcdef01234567aa',
    });
    const res = await send({ client, projectId, key, body: envelope });
    expect(res.body).toEqual(ok);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'abcdef0123456789abcdef01234567aa' } });
    expect(ev).toMatchObject({
      level: 'WARNING',
      message: envelope.exception.value,
      stacktrace: { frames: envelope.exception.stacktrace.frames },
      contexts: envelope.contexts,
      tags: envelope.tags,
      userContext: envelope.user,
      request: envelope.request,
      breadcrumbs: envelope.breadcrumbs,
      environment: 'production',
      release: 'web@1.2.3',
    });
    expect(ev.timestamp.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(Math.abs(ev.receivedAt.getTime() - Date.now())).toBeLessThan(10_000);
    const issue = await db.issue.findUniqueOrThrow({ where: { id: ev.issueId } });
    expect(issue).toMatchObject({
      projectId,
      status: 'UNRESOLVED',
      level: 'WARNING',
      title: `TypeError: ${envelope.exception.value}`,
    });
  });

  it('uses the receipt time when the envelope has no timestamp; nulls for absent optional fields', async () => {
    const t0 = Date.now();
    const res = await send({
      client,
      projectId,
      key,
      body: mutate(errorEnvelope({ event_id: 'f'.repeat(32) }), ['timestamp'], DELETE),
    });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'f'.repeat(32) } });
    expect(ev.timestamp.getTime()).toBe(ev.receivedAt.getTime());
    expect(ev.timestamp.getTime()).toBeGreaterThanOrEqual(t0 - 1);
    expect(ev).toMatchObject({
      level: 'ERROR',
      contexts: null,
      tags: null,
      userContext: null,
      request: null,
      breadcrumbs: null,
      environment: null,
      release: null,
    });
  });

  it('envelopes sent together keep their own documents, with transactions among them and nulls where absent', async () => {
    // Sent at once, so the batch statement takes many in one statement: each event's JSON documents join its row
    // by position (lib/ingest/store/event-batch-sql.ts docs), and one row off would store another event's.
    const errors = Array.from({ length: 12 }, (_, i) =>
      errorEnvelope({
        event_id: `${i.toString(16).padStart(2, '0')}${'d'.repeat(30)}`,
        exception: {
          type: `Batch${i}`,
          value: `v${i}`,
          stacktrace: { frames: [{ filename: `f${i}.js`, lineno: i + 1 }] },
        },
        ...(i % 2 === 0
          ? {
              tags: { n: String(i) },
              user: { id: `u${i}` },
              request: { url: `https://app.example.com/${i}` },
              contexts: { app: { n: i } },
              breadcrumbs: [{ type: 'default', message: `b${i}`, timestamp: 1_699_999_999_000 }],
            }
          : {}),
      }),
    );
    const bodies = errors.flatMap((e, i) => (i % 3 === 0 ? [e, transactionEnvelope({ name: `/t${i}` })] : [e]));
    const answers = await Promise.all(bodies.map((body) => send({ client, projectId, key, body })));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const stored = await db.event.findMany({ where: { projectId, eventId: { endsWith: 'd'.repeat(30) } } });
    expect(stored).toHaveLength(12);
    for (const [i, e] of errors.entries()) {
      const ev = stored.find((s) => s.eventId === e.event_id)!;
      expect(ev.stacktrace).toEqual({ frames: e.exception.stacktrace.frames });
      expect({
        tags: ev.tags,
        user: ev.userContext,
        request: ev.request,
        contexts: ev.contexts,
        crumbs: ev.breadcrumbs,
      }).toEqual(
        i % 2 === 0
          ? {
              tags: { n: String(i) },
              user: { id: `u${i}` },
              request: e.request,
              contexts: e.contexts,
              crumbs: e.breadcrumbs,
            }
          : { tags: null, user: null, request: null, contexts: null, crumbs: null },
      );
    }
  });

  it('replaces NUL characters and unpaired surrogates instead of failing', async () => {
    const raw = JSON.stringify(errorEnvelope({ event_id: 'e'.repeat(32), tags: { 'k\u0000': 'v\ud800' } })).replace(
      'Cannot',
      'Can\\u0000not',
    );
    const res = await send({ client, projectId, key, body: raw });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId, eventId: 'e'.repeat(32) } });
    expect(ev.message.startsWith('Can\uFFFDnot')).toBe(true);
    expect(ev.tags).toEqual({ 'k\uFFFD': 'v\uFFFD' });
  });
});
