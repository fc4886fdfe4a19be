// The recorded traffic of one instrumented app (#51) replayed as new app requests: per request its trace's span
// envelope, its log lines (batched per app instance as the SDK batches them), its share of the request-session
// aggregates and, for 1 % of requests, its error; fresh ids, timestamps moved to now, sent the way the SDK sends them.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { IdMap, parseEnvelope, rewrite, type Recorded } from './envelope';

const RECORDED_KEY = '0123456789abcdef0123456789abcdef';
const KEY_MARK = '@@KEY@@';
// As @sentry/node's transport: bodies over 32 KiB go gzipped; the log buffer holds 100 lines or 5 seconds.
const GZIP_THRESHOLD = 32 * 1024;
const LOG_BATCH = 100;
const LOG_FLUSH_MS = 5000;

type Fixture = {
  recordedAt: string;
  sdk: string;
  perRequest: { spans: number; logLines: number; errors: number; bytes: number };
  envelopes: Recorded[];
};

/** One HTTP request to the tracker, with what it carries (to check later that each acknowledged item was stored). */
export type Send = {
  body: Buffer;
  headers: Record<string, string>;
  items: { transactions: number; spans: number; logs: number; sessions: number; errors: number };
  traceId?: string;
};

type TraceTemplate = { spans: string; traceId: string; segmentId: string; endTime: number; spanCount: number };
type LogLine = Record<string, unknown> & { trace_id: string; timestamp: number; attributes: Record<string, unknown> };

export function loadFixture(): Fixture {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures.json'), 'utf8')) as Fixture;
}

const noKey = (s: string) => s.replaceAll(RECORDED_KEY, KEY_MARK);

/** Simulated instances of the instrumented app, each with its SDK's log buffer and request-session aggregate. */
export class AppTraffic {
  readonly fixture = loadFixture();
  private ok: TraceTemplate[] = [];
  private failed: TraceTemplate[] = [];
  private errors = new Map<string, string>();
  private logGroups: LogLine[][] = [];
  private instances: { logs: LogLine[]; firstLogAt: number; exited: number; errored: number }[];
  private n = 0;

  constructor(
    private readonly key: string,
    apps: number,
  ) {
    const envs = this.fixture.envelopes;
    const errorTraces = new Set<string>();
    for (const e of envs.filter((r) => r.types.includes('event'))) {
      const trace = (parseEnvelope(e.body).header.trace as { trace_id: string }).trace_id;
      errorTraces.add(trace);
      this.errors.set(trace, noKey(e.body));
    }
    for (const e of envs.filter((r) => r.types[0] === 'span')) {
      const { header, items } = parseEnvelope(e.body);
      const spans = (items[0].payload as { items: { span_id: string; is_segment?: boolean; end_timestamp: number }[] })
        .items;
      const traceId = (header.trace as { trace_id: string }).trace_id;
      const t: TraceTemplate = {
        spans: noKey(e.body),
        traceId,
        segmentId: spans.find((s) => s.is_segment)?.span_id ?? spans[0].span_id,
        endTime: Math.max(...spans.map((s) => s.end_timestamp)),
        spanCount: spans.length,
      };
      (errorTraces.has(traceId) && this.errors.has(traceId) ? this.failed : this.ok).push(t);
    }
    // A request's log lines: the recorded lines of one request (same trace id), whole requests only.
    const byTrace = new Map<string, LogLine[]>();
    for (const e of envs.filter((r) => r.types[0] === 'log'))
      for (const line of (parseEnvelope(e.body).items[0].payload as { items: LogLine[] }).items)
        byTrace.set(line.trace_id, [...(byTrace.get(line.trace_id) ?? []), line]);
    const perRequest = Math.round(this.fixture.perRequest.logLines);
    this.logGroups = [...byTrace.values()].filter((g) => g.length === perRequest);
    if (!this.ok.length || !this.failed.length || !this.logGroups.length)
      throw new Error('bench/mixed/fixtures.json lacks a trace, a failed trace with its error, or a request of logs');
    this.instances = Array.from({ length: apps }, () => ({ logs: [], firstLogAt: 0, exited: 0, errored: 0 }));
  }

  /** Spans per app request in the replayed templates. */
  get spansPerRequest(): number {
    const all = [...this.ok, ...this.failed];
    return all.reduce((s, t) => s + t.spanCount, 0) / all.length;
  }

  private headers(gzip: boolean): Record<string, string> {
    return {
      'user-agent': `sentry.javascript.node/${this.fixture.sdk.split(' ').pop()}`,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    };
  }

  private body(text: string): { body: Buffer; headers: Record<string, string> } {
    const raw = Buffer.from(text.replaceAll(KEY_MARK, this.key));
    const gzip = raw.length > GZIP_THRESHOLD;
    return { body: gzip ? gzipSync(raw) : raw, headers: this.headers(gzip) };
  }

  /** What one app request sends now: its trace's spans, its error (1 in 100), and log envelopes its lines filled. */
  request(): Send[] {
    const i = this.n++;
    const app = this.instances[i % this.instances.length];
    const fails = i % 100 === 42;
    const t = fails ? this.failed[i % this.failed.length] : this.ok[i % this.ok.length];
    const ids = new IdMap();
    const now = Date.now() / 1000;
    const shift = now - t.endTime;
    const sentAt = new Date().toISOString();
    const withSentAt = (s: string) => s.replace(/"sent_at":"[^"]+"/, `"sent_at":"${sentAt}"`);
    const out: Send[] = [];
    out.push({
      ...this.body(withSentAt(rewrite(t.spans, ids, shift))),
      items: { transactions: 1, spans: t.spanCount, logs: 0, sessions: 0, errors: 0 },
      traceId: ids.get(t.traceId),
    });
    if (fails)
      out.push({
        ...this.body(withSentAt(rewrite(this.errors.get(t.traceId)!, ids, shift))),
        items: { transactions: 0, spans: 0, logs: 0, sessions: 0, errors: 1 },
      });
    if (fails) app.errored++;
    else app.exited++;
    // Its log lines carry its trace id and segment span, as the SDK writes them inside the request.
    const group = this.logGroups[i % this.logGroups.length];
    const lastLog = Math.max(...group.map((l) => l.timestamp));
    for (const line of group) {
      const attributes = { ...line.attributes };
      attributes['sentry.trace.parent_span_id'] = { value: ids.get(t.segmentId), type: 'string' };
      app.logs.push({ ...line, trace_id: ids.get(t.traceId), timestamp: line.timestamp + (now - lastLog), attributes });
    }
    if (app.logs.length === group.length) app.firstLogAt = Date.now();
    if (app.logs.length >= LOG_BATCH) out.push(this.logEnvelope(app));
    return out;
  }

  private logEnvelope(app: { logs: LogLine[] }): Send {
    const lines = app.logs.splice(0, LOG_BATCH);
    const text = [
      JSON.stringify({ sdk: { name: 'sentry.javascript.node', version: this.fixture.sdk.split(' ').pop() } }),
      JSON.stringify({ type: 'log', item_count: lines.length, content_type: 'application/vnd.sentry.items.log+json' }),
      JSON.stringify({ version: 2, items: lines }),
    ].join('\n');
    return {
      ...this.body(text + '\n'),
      items: { transactions: 0, spans: 0, logs: lines.length, sessions: 0, errors: 0 },
    };
  }

  /** Log buffers past the SDK's 5 seconds (all of them when `all`), as log envelopes. */
  flushLogs(all: boolean): Send[] {
    return this.instances
      .filter((a) => a.logs.length > 0 && (all || Date.now() - a.firstLogAt >= LOG_FLUSH_MS))
      .map((a) => this.logEnvelope(a));
  }

  /** Each instance's request-session aggregate since its last one (the SDK sends it every 60 s and on flush). */
  flushSessions(): Send[] {
    const started = new Date();
    started.setSeconds(0, 0);
    const out: Send[] = [];
    for (const a of this.instances) {
      if (a.exited + a.errored === 0) continue;
      const payload = {
        aggregates: [{ started: started.toISOString(), exited: a.exited, errored: a.errored, crashed: 0 }],
        attrs: { release: 'shop@2.14.0', environment: 'production' },
      };
      const text = [
        JSON.stringify({
          sent_at: new Date().toISOString(),
          sdk: { name: 'sentry.javascript.node', version: this.fixture.sdk.split(' ').pop() },
        }),
        JSON.stringify({ type: 'sessions' }),
        JSON.stringify(payload),
      ].join('\n');
      out.push({
        ...this.body(text),
        items: { transactions: 0, spans: 0, logs: 0, sessions: a.exited + a.errored, errors: 0 },
      });
      a.exited = 0;
      a.errored = 0;
    }
    return out;
  }
}
