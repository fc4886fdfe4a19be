// The node:http ingest adapter (what `npm start` serves) over real HTTP on loopback: Sentry's endpoints and OTLP/HTTP
// answered as the App Router routes answer them, writes counted, the future clamped and deep nesting refused.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { errorEnvelope, ingestPath } from './ingest-helpers';
import { exportAnswer, otlpExport } from '../support/otlp-exports';
import { http1, useNodeAdapter } from '../support/node-adapter';

useNodeAdapter();

describe('node adapter: Sentry endpoints', () => {
  it('an event envelope through /api/<number>/envelope/ is answered like the route and stored; the preflight too', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const eventId = '7d1f1b2ea8d84d53a3c7b5e0f1a2b3c4';
    const event = {
      event_id: eventId,
      timestamp: 1_700_000_000,
      level: 'error',
      platform: 'javascript',
      exception: {
        values: [
          {
            type: 'RangeError',
            value: 'Invalid array length',
            stacktrace: {
              frames: [{ filename: 'https://shop.example.com/app.js', function: 'main', lineno: 1, colno: 1 }],
            },
          },
        ],
      },
    };
    const body =
      [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n') +
      '\n';
    const headers = {
      'content-type': 'text/plain;charset=UTF-8',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${p.keys[0].publicKey}`,
    };
    const viaNode = await http1.post(`/api/${p.number}/envelope/`, body, { headers });
    expect(viaNode.status).toBe(200);
    expect(viaNode.body).toEqual({ id: eventId });
    expect(await db.event.count({ where: { projectId: p.id, eventId } })).toBe(1);
    // The App Router route answers a repeat the same way (stored once).
    const viaRoute = await s.client.post(`/api/${p.number}/envelope/`, body, { headers });
    expect([viaRoute.status, viaRoute.body]).toEqual([viaNode.status, viaNode.body]);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(1);

    const preflight = await http1.request('OPTIONS', `/api/${p.number}/envelope/`, {
      headers: { origin: 'https://shop.example.org', 'access-control-request-method': 'POST' },
    });
    const routePreflight = await s.client.request('OPTIONS', `/api/${p.number}/envelope/`, {
      headers: { origin: 'https://shop.example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(routePreflight.status);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      routePreflight.headers.get('access-control-allow-headers'),
    );
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('node adapter: OTLP/HTTP', () => {
  it('answers every case as the App Router route does, and stores the log lines and metric points', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const k = p.keys[0].publicKey;
    const lines = (n: number, tag: string) =>
      JSON.stringify({
        resourceLogs: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shop' } }] },
            scopeLogs: [
              {
                scope: { name: 'bench' },
                logRecords: Array.from({ length: n }, (_, i) => ({
                  timeUnixNano: String(BigInt(Date.now()) * 1_000_000n),
                  severityNumber: 9,
                  severityText: 'INFO',
                  body: { stringValue: `${tag} line ${i}` },
                  attributes: [{ key: 'order.id', value: { stringValue: `o-${i}` } }],
                })),
              },
            ],
          },
        ],
      });
    const json = { 'content-type': 'application/json' };
    // Exports that leave something out (#58): both ways in answer the same partialSuccess.
    const deep = (encoding: 'json' | 'protobuf') =>
      otlpExport('logs', [{ body: { nested: 30 } }, { body: `kept ${encoding} line` }], encoding);
    const deepJson = deep('json');
    const deepProtobuf = deep('protobuf');
    const timeless = otlpExport('logs', [{ body: 'timeless', timeMs: null }], 'json');
    const tooDeep = 'First reason: a value nested more than 24 levels deep (invalid: too_deep).';
    const metricsJson = otlpExport(
      'metrics',
      [
        { name: 'queue.size', kind: 'gauge', points: [{ value: 4 }] },
        { name: 'jobs.done', kind: 'sum', points: [{ value: 2 }] },
      ],
      'json',
    );
    const metricsNaN = otlpExport(
      'metrics',
      [{ name: 'queue.size', kind: 'gauge', points: [{ value: NaN }, { value: 5 }] }],
      'protobuf',
    );
    const partials: Record<string, unknown> = {
      'a line nested too deep beside a kept one, JSON': {
        partialSuccess: { rejectedLogRecords: '1', errorMessage: `1 log record rejected. ${tooDeep}` },
      },
      'a line nested too deep beside a kept one, protobuf': {
        partialSuccess: { rejectedLogRecords: '1', errorMessage: `1 log record rejected. ${tooDeep}` },
      },
      'metrics with a NaN beside a kept point, protobuf': {
        partialSuccess: {
          rejectedDataPoints: '1',
          errorMessage: '1 data point rejected. First reason: an invalid field (value) (invalid: validation: value).',
        },
      },
      'only a line without a time': {
        partialSuccess: {
          rejectedLogRecords: '1',
          errorMessage:
            '1 log record rejected. First reason: missing or invalid ids or times, or past the cap of 5,000 a request (invalid: unusable_or_over_cap).',
        },
      },
    };
    const cases: [string, string, string, string | Uint8Array | undefined, Record<string, string>][] = [
      [
        '3 lines, key in the query',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        lines(3, 'q'),
        json,
      ],
      [
        '2 lines, key in X-Sentry-Auth',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs`,
        lines(2, 'h'),
        { ...json, 'x-sentry-auth': `sentry sentry_key=${k}` },
      ],
      [
        'protobuf content type, empty body',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        '',
        { 'content-type': 'application/x-protobuf' },
      ],
      ['no key', 'POST', `/api/${p.number}/integration/otlp/v1/logs`, lines(1, 'x'), json],
      [
        'a wrong key',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${'0'.repeat(32)}`,
        lines(1, 'x'),
        json,
      ],
      [
        'an unknown signal',
        'POST',
        `/api/${p.number}/integration/otlp/v1/profiles?sentry_key=${k}`,
        lines(1, 'x'),
        json,
      ],
      // Metrics (#61): a gauge and a counter stored; a NaN beside a kept point answered as a partial success.
      [
        'metrics, JSON',
        'POST',
        `/api/${p.number}/integration/otlp/v1/metrics?sentry_key=${k}`,
        metricsJson.body,
        { 'content-type': metricsJson.contentType },
      ],
      [
        'metrics with a NaN beside a kept point, protobuf',
        'POST',
        `/api/${p.number}/integration/otlp/v1/metrics?sentry_key=${k}`,
        metricsNaN.body,
        { 'content-type': metricsNaN.contentType },
      ],
      ['a NUL in the key', 'POST', `/api/${p.number}/integration/otlp/v1/logs?sentry_key=a%00b`, lines(1, 'x'), json],
      [
        'a line nested too deep beside a kept one, JSON',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        deepJson.body,
        { 'content-type': deepJson.contentType },
      ],
      [
        'a line nested too deep beside a kept one, protobuf',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        deepProtobuf.body,
        { 'content-type': deepProtobuf.contentType },
      ],
      [
        'only a line without a time',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        timeless.body,
        json,
      ],
      ['not JSON', 'POST', `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`, '{nope', json],
      [
        'a text body',
        'POST',
        `/api/${p.number}/integration/otlp/v1/logs?sentry_key=${k}`,
        'hi',
        { 'content-type': 'text/plain' },
      ],
      [
        'the preflight',
        'OPTIONS',
        `/api/${p.number}/integration/otlp/v1/logs`,
        undefined,
        { origin: 'https://shop.example.org' },
      ],
    ];
    for (const [name, method, url, body, headers] of cases) {
      const viaNode = await http1.request(method, url, { body, headers });
      const viaRoute = await s.client.request(method, url, { body, headers });
      expect([viaNode.status, viaNode.text], name).toEqual([viaRoute.status, viaRoute.text]);
      for (const h of ['content-type', 'access-control-allow-origin', 'access-control-allow-headers', 'allow'])
        expect(viaNode.headers.get(h), `${name}: ${h}`).toBe(viaRoute.headers.get(h));
      if (name in partials) {
        // The protobuf answer is ASCII (a count and a message under 128 bytes): its text holds its bytes.
        const encoding = headers['content-type'].includes('protobuf') ? 'protobuf' : 'json';
        const signal = url.includes('/v1/metrics') ? 'metrics' : 'logs';
        const answer = exportAnswer(signal, new Uint8Array(Buffer.from(viaNode.text, 'utf8')), encoding);
        expect([viaNode.status, answer], name).toEqual([200, partials[name]]);
      }
    }
    // Each accepted export stored once by each way in: (3 + 2 + 1 + 1) lines × 2.
    const { rows } = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [
      p.id,
    ]);
    expect(rows[0].n).toBe(14);
    // And each metric point once by each way in: (2 + 1) × 2.
    const points = await pool().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM metric_points WHERE project = $1',
      [p.number],
    );
    expect(points.rows[0].n).toBe(6);
  });
});

describe('node adapter: writes counted, future clamped, deep nesting refused (security #15), as the routes answer', () => {
  it('a Sentry envelope of 5,000 segment spans: 429 with X-Sentry-Rate-Limits and nothing stored; a 5-span envelope: 200, 5 rows', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    try {
      const s = await signUp();
      const p = await createProject(s.client);
      const spans = (n: number) =>
        `{}\n{"type":"span"}\n${JSON.stringify({ version: 2, items: Array.from({ length: n }, (_, i) => ({ trace_id: 't', span_id: `${i}`, name: `GET /${i}`, start_timestamp: 1_700_000_000, end_timestamp: 1_700_000_001, is_segment: true })) })}\n`;
      const path = `/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`;
      const big = await http1.post(path, spans(5000), { headers: { 'content-type': 'text/plain' } });
      expect([big.status, big.body, big.headers.get('x-sentry-rate-limits')]).toEqual([
        429,
        { statusCode: 429, status: 'failed', message: 'Rate limit exceeded' },
        '1::key',
      ]);
      expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(0);
      const small = await http1.post(path, spans(5), { headers: { 'content-type': 'text/plain' } });
      expect(small.status).toBe(200);
      expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(5);
    } finally {
      delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    }
  });

  it('a native envelope dated 9999-12-31 is stored at its receipt time', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const before = Date.now();
    const res = await http1.post(ingestPath(p.id), errorEnvelope({ timestamp: Date.UTC(9999, 11, 31) }), {
      headers: { 'x-ingest-auth': `ingest_key=${p.keys[0].publicKey}` },
    });
    expect(res.status).toBe(200);
    const ev = await db.event.findFirstOrThrow({ where: { projectId: p.id } });
    expect(ev.timestamp.getTime()).toBeGreaterThanOrEqual(before);
    expect(ev.timestamp.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('Sentry tags nested 100,000 deep → 400 naming tags, never a 5xx', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const body = `{"message":"m","tags":{"k":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const res = await http1.post(`/api/${p.number}/store/?sentry_key=${p.keys[0].publicKey}`, body, {
      headers: { 'content-type': 'text/plain' },
    });
    expect([res.status, res.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['tags'], message: 'Nested more than 32 levels deep' }],
      },
    ]);
  });
});
