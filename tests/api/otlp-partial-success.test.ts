// #58: an OTLP export that left something out answers 200 with its partialSuccess: how many spans or log records
// were rejected and the first reason, in JSON (proto3 JSON: lowerCamelCase, the int64 count a string) and in
// protobuf (decoded here with the official definitions), for every cause: nested too deep, unusable, filtered by an
// inbound filter, over the monthly quota while the rest fitted. A fully accepted export still answers {} or zero
// bytes. The official OpenTelemetry exporters (protobuf and JSON traces, JSON logs) log what the server named.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import {
  exportAnswer,
  otlpExport,
  type Encoding,
  type LogSpec,
  type Signal,
  type SpanSpec,
} from '../support/otlp-exports';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

const ENCODINGS: Encoding[] = ['json', 'protobuf'];
const TOO_DEEP = 'a value nested more than 24 levels deep (invalid: too_deep).';
const UNUSABLE = 'missing or invalid ids or times, or past the cap of 5,000 a request (invalid: unusable_or_over_cap).';
const HEALTH = "filtered by the project's inbound filters (filtered: health_check).";
const QUOTA = "the organization's monthly quota is used up (over_quota: quota).";

async function setup(opts: { healthChecks?: boolean; quotaLeft?: number } = {}) {
  const s = await signUp();
  const project = await createProject(s.client, 'Orders');
  if (opts.healthChecks) {
    const res = await s.client.patch(`/api/v1/projects/${project.id}/filters`, { healthChecks: true });
    expect(res.status, res.text).toBe(200);
  }
  if (opts.quotaLeft !== undefined) {
    const used = monthlyEventLimit('FREE') - opts.quotaLeft;
    await db.monthlyUsage.create({ data: { orgId: s.orgId, month: monthOf(clock.now()), used, errors: used } });
  }
  const key = project.keys[0].publicKey;
  /** Posts an export over HTTP to the OTLP route; the answer's status, content type and bytes. */
  const send = async (signal: Signal, items: SpanSpec[] | LogSpec[], encoding: Encoding) => {
    const { body, contentType } = otlpExport(signal, items, encoding);
    const res = await fetch(server.otlpUrl(project.number, signal), {
      method: 'POST',
      body: typeof body === 'string' ? body : Buffer.from(body),
      headers: { 'content-type': contentType, 'x-sentry-auth': `sentry sentry_key=${key}` },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, contentType: res.headers.get('content-type'), bytes };
  };
  const spansOf = async (traceId: string) =>
    (
      (await s.client.get(`/api/v1/organization/traces/${traceId}`)).body.data as {
        spans: { description: string }[];
      } | null
    )?.spans
      .map((x) => x.description)
      .sort() ?? [];
  const logBodies = async () =>
    ((await s.client.get(`/api/v1/projects/${project.id}/logs`)).body.data.logs as { body: string }[])
      .map((l) => l.body)
      .sort();
  const stats = async (category: string) => {
    await flushOutcomes();
    const rows = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    return rows
      .filter((r) => r.category === category)
      .map((r) => [r.outcome, r.reason, r.quantity])
      .sort();
  };
  return { ...s, project, send, spansOf, logBodies, stats };
}

const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
let traces = 0;
/** A fresh trace id and span ids within it. */
function ids() {
  const t = ++traces;
  return { trace: hex(t, 8).repeat(4), span: (n: number) => `${hex(t, 8)}${hex(n, 8)}` };
}
const partial = (signal: Signal, rejected: number, errorMessage: string) => ({
  partialSuccess: { [signal === 'traces' ? 'rejectedSpans' : 'rejectedLogRecords']: String(rejected), errorMessage },
});

describe.each(ENCODINGS)('OTLP partial success (%s)', (encoding) => {
  it('a fully accepted export answers the empty response: {} or zero bytes', async () => {
    const s = await setup();
    const t = ids();
    const spans = await s.send(
      'traces',
      [
        { traceId: t.trace, spanId: t.span(1), name: 'GET /orders', kind: 2 },
        { traceId: t.trace, spanId: t.span(2), parentSpanId: t.span(1), name: 'load' },
      ],
      encoding,
    );
    const logs = await s.send('logs', [{ body: 'shipped' }], encoding);
    for (const res of [spans, logs]) {
      expect(res.status).toBe(200);
      expect(res.contentType).toBe(encoding === 'json' ? 'application/json' : 'application/x-protobuf');
      expect(Buffer.from(res.bytes).toString('utf8')).toBe(encoding === 'json' ? '{}' : '');
    }
    expect(await s.spansOf(t.trace)).toEqual(['GET /orders', 'load']);
    expect(await s.logBodies()).toEqual(['shipped']);
  });

  it('spans and log records nested too deep: rejected, counted, named; their siblings stored', async () => {
    const s = await setup();
    const t = ids();
    const spans = await s.send(
      'traces',
      [
        { traceId: t.trace, spanId: t.span(1), name: 'GET /orders', kind: 2 },
        {
          traceId: t.trace,
          spanId: t.span(2),
          parentSpanId: t.span(1),
          name: 'deep',
          attributes: { x: { nested: 30 } },
        },
        { traceId: t.trace, spanId: t.span(3), parentSpanId: t.span(1), name: 'kept' },
      ],
      encoding,
    );
    expect([spans.status, exportAnswer('traces', spans.bytes, encoding)]).toEqual([
      200,
      partial('traces', 1, `1 span rejected. First reason: ${TOO_DEEP}`),
    ]);
    const logs = await s.send('logs', [{ body: { nested: 30 } }, { body: 'kept' }, { body: { nested: 25 } }], encoding);
    expect([logs.status, exportAnswer('logs', logs.bytes, encoding)]).toEqual([
      200,
      partial('logs', 2, `2 log records rejected. First reason: ${TOO_DEEP}`),
    ]);
    expect(await s.spansOf(t.trace)).toEqual(['GET /orders', 'kept']);
    expect(await s.logBodies()).toEqual(['kept']);
    expect(await s.stats('log_item')).toEqual([
      ['accepted', '', 1],
      ['invalid', 'too_deep', 2],
    ]);
  });

  it('unusable spans (no valid trace id, an end before the start) and log records without a time', async () => {
    const s = await setup();
    const t = ids();
    const now = Date.now() - 60_000;
    const spans = await s.send(
      'traces',
      [
        { traceId: t.trace, spanId: t.span(1), name: 'GET /orders', kind: 2 },
        { traceId: '0'.repeat(32), spanId: t.span(2), name: 'no trace' },
        {
          traceId: t.trace,
          spanId: t.span(3),
          parentSpanId: t.span(1),
          name: 'backwards',
          startMs: now,
          endMs: now - 10,
        },
      ],
      encoding,
    );
    expect([spans.status, exportAnswer('traces', spans.bytes, encoding)]).toEqual([
      200,
      partial('traces', 2, `2 spans rejected. First reason: ${UNUSABLE}`),
    ]);
    const logs = await s.send('logs', [{ body: 'timeless', timeMs: null }, { body: 'kept' }], encoding);
    expect([logs.status, exportAnswer('logs', logs.bytes, encoding)]).toEqual([
      200,
      partial('logs', 1, `1 log record rejected. First reason: ${UNUSABLE}`),
    ]);
    expect(await s.spansOf(t.trace)).toEqual(['GET /orders']);
    expect(await s.stats('span')).toEqual([
      ['accepted', '', 1],
      ['invalid', 'unusable_or_over_cap', 2],
    ]);
  });

  it("spans filtered by the project's inbound filters (a health check's trace); the first reason of several", async () => {
    const s = await setup({ healthChecks: true });
    const health = ids();
    const kept = ids();
    const res = await s.send(
      'traces',
      [
        { traceId: health.trace, spanId: health.span(1), name: 'GET /health', kind: 2 },
        { traceId: health.trace, spanId: health.span(2), parentSpanId: health.span(1), name: 'ping db' },
        { traceId: kept.trace, spanId: kept.span(1), name: 'GET /orders', kind: 2 },
        {
          traceId: kept.trace,
          spanId: kept.span(2),
          parentSpanId: kept.span(1),
          name: 'deep',
          attributes: { x: { nested: 30 } },
        },
      ],
      encoding,
    );
    // The record left out while decoding is counted first: the first reason is its.
    expect([res.status, exportAnswer('traces', res.bytes, encoding)]).toEqual([
      200,
      partial('traces', 3, `3 spans rejected. First reason: ${TOO_DEEP}`),
    ]);
    const only = await s.send(
      'traces',
      [
        { traceId: health.trace, spanId: health.span(3), name: 'GET /healthz', kind: 2 },
        { traceId: kept.trace, spanId: kept.span(3), parentSpanId: kept.span(1), name: 'late child' },
      ],
      encoding,
    );
    expect([only.status, exportAnswer('traces', only.bytes, encoding)]).toEqual([
      200,
      partial('traces', 1, `1 span rejected. First reason: ${HEALTH}`),
    ]);
    expect(await s.spansOf(health.trace)).toEqual([]);
    expect(await s.spansOf(kept.trace)).toEqual(['GET /orders', 'late child']);
    expect(await s.stats('span')).toEqual([
      ['accepted', '', 2],
      ['filtered', 'health_check', 3],
      ['invalid', 'too_deep', 1],
    ]);
  });

  it('over the monthly quota midway: the traces that fitted are stored, the rest named; none fitting is a 429', async () => {
    // Room for one more error: trace A's transaction and error fit, trace B's transaction finds the month full.
    const s = await setup({ quotaLeft: 1 });
    const a = ids();
    const b = ids();
    const res = await s.send(
      'traces',
      [
        { traceId: a.trace, spanId: a.span(1), name: 'GET /a', kind: 2, exception: 'order 7 is corrupt' },
        { traceId: a.trace, spanId: a.span(2), parentSpanId: a.span(1), name: 'load a' },
        { traceId: b.trace, spanId: b.span(1), name: 'GET /b', kind: 2 },
        { traceId: b.trace, spanId: b.span(2), parentSpanId: b.span(1), name: 'load b' },
        { traceId: b.trace, spanId: b.span(3), parentSpanId: b.span(1), name: 'save b' },
      ],
      encoding,
    );
    expect([res.status, exportAnswer('traces', res.bytes, encoding)]).toEqual([
      200,
      partial('traces', 3, `3 spans rejected. First reason: ${QUOTA}`),
    ]);
    expect(await s.spansOf(a.trace)).toEqual(['GET /a', 'load a']);
    expect(await s.spansOf(b.trace)).toEqual([]);
    expect(await s.stats('span')).toEqual([
      ['accepted', '', 2],
      ['over_quota', 'quota', 3],
    ]);
    // The month is full now: an export of which nothing fits is refused whole, as before.
    const c = ids();
    const full = await s.send('traces', [{ traceId: c.trace, spanId: c.span(1), name: 'GET /c', kind: 2 }], encoding);
    expect([full.status, JSON.parse(Buffer.from(full.bytes).toString('utf8'))]).toEqual([
      429,
      { statusCode: 429, message: 'Monthly event quota exceeded' },
    ]);
  });
});

describe('the official OpenTelemetry exporters log what was left out', () => {
  it('protobuf and JSON traces (a filtered health check), JSON logs (a body nested 30 deep)', async () => {
    const s = await setup({ healthChecks: true });
    const { stdout } = await run(
      process.execPath,
      [
        path.join(import.meta.dirname, '../support/traces-sdks/otel-partial.mjs'),
        server.otlpUrl(s.project.number, 'traces'),
        server.otlpUrl(s.project.number, 'logs'),
        s.project.keys[0].publicKey,
      ],
      { timeout: 60_000 },
    );
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1), stdout).toBe('sent');
    const warnings = lines.slice(0, -1).map((l) => JSON.parse(l) as { level: string; message: string; args: string[] });
    // Each export's partial success, as each exporter decoded it from its encoding.
    expect(warnings.map((w) => [w.level, w.message, ...w.args.map((a) => JSON.parse(a))])).toEqual([
      [
        'warn',
        'Received Partial Success response:',
        { rejectedSpans: 2, errorMessage: `2 spans rejected. First reason: ${HEALTH}` },
      ],
      [
        'warn',
        'Received Partial Success response:',
        { rejectedSpans: '2', errorMessage: `2 spans rejected. First reason: ${HEALTH}` },
      ],
      [
        'warn',
        'Received Partial Success response:',
        { rejectedLogRecords: '1', errorMessage: `1 log record rejected. First reason: ${TOO_DEEP}` },
      ],
    ]);
    const perf = await s.client.get(`/api/v1/projects/${s.project.id}/performance/transactions`);
    const names = JSON.stringify(perf.body.data);
    expect(names).toContain('GET /orders (protobuf)');
    expect(names).toContain('GET /orders (json)');
    expect(names).not.toContain('GET /health');
    expect(await s.logBodies()).toEqual(['Order 8 shipped']);
  });
});
