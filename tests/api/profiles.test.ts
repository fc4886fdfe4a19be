// #47: profiles through the Sentry envelope endpoint. The real @sentry/node 11 with @sentry/profiling-node's
// continuous profiler and Debian's sentry-python (a transaction profile) each run a known CPU-heavy function inside a
// span: it dominates that span's flame graph and tops the project's slowest functions. A transaction profile recorded
// from a real SDK is read the same way, and a bundled function is named from its uploaded source map.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { SPAN_ROWS } from '@/lib/traces/trace-api';
import { setPlan } from '../support/fixtures';
import { startAppServer } from '../support/app-server';
import { sentryCli } from '../support/js-build';
import { setup, useSentryServer, type FlameNode } from '../support/profiles';
import { createToken } from '../support/tokens';
import { recordedPythonProfile } from '../support/recorded-profile';
import { build } from 'esbuild';
import os from 'node:os';

const run = promisify(execFile);
const DIR = path.join(import.meta.dirname, '../support/profiling-sdks');

useSentryServer();

/** Every node of a tree, depth first. */
const nodes = (n: FlameNode): FlameNode[] => [n, ...n.children.flatMap(nodes)];
/** The node that spent the most time at the top of the stack. */
const hottest = (root: FlameNode) => nodes(root).sort((a, b) => b.selfMs - a.selfMs)[0];
const named = (root: FlameNode, name: string) => nodes(root).filter((n) => n.name === name);

describe('the real @sentry/node 11 with nodeProfilingIntegration (continuous profiling)', () => {
  it('the CPU-heavy function dominates its span’s flame graph and tops the slowest functions', async () => {
    const s = await setup();
    const { stdout } = await run(process.execPath, [path.join(DIR, 'app.mjs'), s.dsn], { timeout: 60_000 });
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('sent');
    const { traceId, spanId } = JSON.parse(lines.at(-2)!);

    const list = (await s.client.get(s.api)).body.data;
    const listed = list.profiles;
    expect(listed).toHaveLength(1);
    expect(list.pagination).toEqual({ page: 1, limit: 100, total: 1, pages: 1 });
    expect((await s.client.get(`${s.api}?page=2&limit=1`)).body.data).toMatchObject({
      profiles: [],
      pagination: { page: 2, limit: 1, total: 1, pages: 1 },
    });
    expect(listed[0]).toMatchObject({ kind: 'continuous', platform: 'node', release: 'checkout@1.0.0' });
    expect(await s.outcomes()).toEqual({ 'accepted/': 1 });

    const span = await s.client.get(`${s.api}/flamegraph?traceId=${traceId}&spanId=${spanId}`);
    expect(span.status).toBe(200);
    const g = span.body.data;
    expect(g).toMatchObject({ kind: 'span', traceId, spanId, transaction: 'GET /checkout', threadId: null });
    expect(g.profiles).toEqual([{ id: listed[0].id, kind: 'continuous' }]);
    // About a second at 100 Hz inside the span.
    expect(g.sampleCount).toBeGreaterThan(60);
    const hot = hottest(g.root);
    expect(hot).toMatchObject({ name: 'computeInvoiceTotals', inApp: true });
    const heavy = named(g.root, 'computeInvoiceTotals').reduce((a, n) => a + n.totalMs, 0);
    expect(heavy / g.root.totalMs).toBeGreaterThan(0.8);
    // The span is within the transaction: the transaction's root span holds it and the rest.
    const segmentId = await spanIdWhere(traceId, 's.i = b.segment_index');
    const whole = (await s.client.get(`${s.api}/flamegraph?traceId=${traceId}&spanId=${segmentId}`)).body.data;
    expect(whole.sampleCount).toBeGreaterThanOrEqual(g.sampleCount);
    expect(whole.root.totalMs).toBeGreaterThanOrEqual(g.root.totalMs);

    const fns = (await s.client.get(`${s.api}/functions`)).body.data.functions;
    expect(fns[0]).toMatchObject({ name: 'computeInvoiceTotals', inApp: true, examples: [listed[0].id] });
    expect(fns[0].file).toMatch(/profiling-sdks\/app\.mjs$/);
    expect(fns[0].selfMs).toBeGreaterThan(700);
    // One call of about a second.
    expect(fns[0].count).toBe(1);
    expect(fns[0].p75Ms).toBeGreaterThan(700);
    expect(fns[0].p75Ms).toBeLessThan(1500);
    // The profiler's own frames (its start and stop, #60) are in no ranking; the SDK's wrappers are, marked.
    const every = (await s.client.get(`${s.api}/functions?limit=200`)).body.data;
    expect(every.pagination).toEqual({ page: 1, limit: 200, total: every.functions.length, pages: 1 });
    expect(every.functions.filter((f: { name: string }) => /startProfiling|stopProfiling/.test(f.name))).toEqual([]);
    expect(every.functions.filter((f: { kind: string }) => f.kind === 'profiler')).toEqual([]);
    expect(every.functions.find((f: { name: string }) => f.name === 'startSpan')).toMatchObject({ kind: 'sdk' });
    expect(fns[0].kind).toBe('app');
    // A function is on the stack at most as long as the profile ran, however many of its lines were sampled (#60).
    const longest = Math.max(...every.functions.map((f: { totalMs: number }) => f.totalMs));
    expect(longest).toBeGreaterThan(700);
    expect(longest).toBeLessThanOrEqual(listed[0].durationMs * 1.05);
    // Paged: the second page of two holds what the first did not.
    const second = (await s.client.get(`${s.api}/functions?limit=2&page=2`)).body.data;
    expect(second.pagination).toMatchObject({ page: 2, limit: 2, total: every.functions.length });
    expect(second.functions.map((f: { name: string }) => f.name)).toEqual(
      every.functions.slice(2, 4).map((f: { name: string }) => f.name),
    );
    // In-app only: no library frame.
    const own = (await s.client.get(`${s.api}/functions?inApp=true`)).body.data.functions;
    expect(own.every((f: { inApp: boolean }) => f.inApp)).toBe(true);
    expect(fns.some((f: { inApp: boolean }) => !f.inApp)).toBe(true);

    const agg = (await s.client.get(`${s.api}/flamegraph?transaction=${encodeURIComponent('GET /checkout')}`)).body
      .data;
    expect(agg).toMatchObject({ kind: 'transaction', profileCount: 1 });
    expect(hottest(agg.root).name).toBe('computeInvoiceTotals');

    const one = (await s.client.get(`${s.api}/${listed[0].id}`)).body.data;
    // Each node says what kind of code it is: the heavy function the app's, the SDK's wrappers, the profiler's start.
    expect(named(one.root, 'computeInvoiceTotals')[0]).toMatchObject({ kind: 'app' });
    expect(named(one.root, 'startSpan')[0]).toMatchObject({ kind: 'sdk' });
    expect(named(one.root, 'Bindings.startProfiling').every((n) => n.kind === 'profiler')).toBe(true);
    expect(one.threads).toEqual([{ id: '0', name: 'main', sampleCount: one.sampleCount }]);
    expect(hottest(one.root).name).toBe('computeInvoiceTotals');
    const raw = (await s.client.get(`${s.api}/${listed[0].id}/raw`)).body.data;
    expect(raw).toMatchObject({ version: '2', chunk_id: listed[0].id, platform: 'node' });
    expect(raw.profile.samples).toHaveLength(one.sampleCount);
    expect(raw.profile.frames.some((f: { function: string }) => f.function === 'computeInvoiceTotals')).toBe(true);
  }, 90_000);
});

describe('bundled JavaScript with its source map uploaded', () => {
  it('the minified function is named, filed and lined as in its source', async () => {
    const s = await setup('Bundled');
    await setPlan(s.orgId, 'PRO');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-profile-bundle-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(
      path.join(dir, 'src', 'totals.js'),
      `export function computeInvoiceTotals(ms) {
  const end = Date.now() + ms;
  let h = 0;
  while (Date.now() < end) for (let i = 0; i < 200000; i++) h = (h * 31 + i) % 1000003;
  return h;
}
`,
    );
    const dist = path.join(dir, 'dist');
    await build({
      entryPoints: [path.join(dir, 'src', 'totals.js')],
      bundle: true,
      minify: true,
      sourcemap: true,
      format: 'esm',
      platform: 'node',
      outfile: path.join(dist, 'totals.min.mjs'),
      logLevel: 'silent',
    });
    expect(fs.readFileSync(path.join(dist, 'totals.min.mjs'), 'utf8')).not.toContain('computeInvoiceTotals(');
    const app = await startAppServer();
    try {
      const org = await db.organization.findUniqueOrThrow({ where: { id: s.orgId } });
      const env = {
        SENTRY_URL: app.url,
        SENTRY_AUTH_TOKEN: (await createToken(s.client, ['releases'])).token,
        SENTRY_ORG: org.slug,
        SENTRY_PROJECT: s.project.slug,
      };
      await sentryCli(['sourcemaps', 'inject', dist], env);
      await sentryCli(['sourcemaps', 'upload', '--release', 'bundled@1', dist], env);
    } finally {
      await app.close();
    }
    const { stdout } = await run(
      process.execPath,
      [path.join(DIR, 'bundled.mjs'), s.dsn, path.join(dist, 'totals.min.mjs'), 'bundled@1'],
      { timeout: 60_000 },
    );
    expect(stdout.trim().split('\n').at(-1)).toBe('sent');
    const fns = (await s.client.get(`${s.api}/functions?inApp=true`)).body.data.functions;
    expect(fns[0]).toMatchObject({ name: 'computeInvoiceTotals', line: 1, inApp: true });
    expect(fns[0].file).toMatch(/src\/totals\.js$/);
  }, 90_000);
});

describe('transaction profiles (version 1)', () => {
  it('Debian’s sentry-python: the heavy function dominates the transaction and its span', async () => {
    const s = await setup('Python');
    const { stdout } = await run('/usr/bin/python3', [path.join(DIR, 'app.py'), s.dsn], { timeout: 60_000 });
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('sent');
    const traceId = lines.at(-2)!.replace(/-/g, '');
    const listed = (await s.client.get(s.api)).body.data.profiles;
    expect(listed).toHaveLength(1);
    // sentry-python 1.9.10's WSGI middleware names every transaction so.
    expect(listed[0]).toMatchObject({
      kind: 'transaction',
      platform: 'python',
      traceId,
      transaction: 'generic WSGI request',
    });
    const spanId = await spanIdWhere(traceId, `s.description = 'compute-totals'`);
    const g = (await s.client.get(`${s.api}/flamegraph?traceId=${traceId}&spanId=${spanId}`)).body.data;
    expect(g.profiles).toEqual([{ id: listed[0].id, kind: 'transaction' }]);
    // sentry-python samples CPU time (SIGPROF, 101 Hz): a loaded machine gives the 600 ms loop fewer samples.
    expect(g.sampleCount).toBeGreaterThan(10);
    expect(hottest(g.root)).toMatchObject({ name: 'compute_invoice_totals', inApp: true });
    const fns = (await s.client.get(`${s.api}/functions`)).body.data.functions;
    expect(fns[0]).toMatchObject({ name: 'compute_invoice_totals', inApp: true });
  }, 60_000);

  it('a profile recorded from a real SDK (sentry-python 1.9.10), moved to now, reads the same way', async () => {
    const s = await setup('Recorded');
    const { header, tx, items } = recordedPythonProfile();
    const res = await s.post(header, items);
    expect(res.status).toBe(200);
    expect(await s.outcomes()).toEqual({ 'accepted/': 1 });
    const g = (
      await s.client.get(
        `${s.api}/flamegraph?traceId=${tx.contexts.trace.trace_id}&spanId=${tx.contexts.trace.span_id}`,
      )
    ).body.data;
    expect(g.transaction).toBe('generic WSGI request');
    // All 60 samples fall inside the 600 ms transaction, on its thread.
    expect(g.sampleCount).toBe(60);
    expect(named(g.root, 'fibonacci_heavy')[0].totalMs / g.root.totalMs).toBeGreaterThan(0.9);
    const fns = (await s.client.get(`${s.api}/functions?inApp=true`)).body.data.functions;
    expect(fns[0]).toMatchObject({ name: 'fibonacci_heavy', file: '/tmp/prof/app.py', inApp: true });
  });
});

/** A stored span's id (16 hex digits) of the trace, by a condition on its row. */
async function spanIdWhere(traceId: string, where: string): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT lpad(to_hex(s.span_id), 16, '0') AS id FROM ${SPAN_ROWS} WHERE b.trace_id = $1::uuid AND ${where} LIMIT 1`,
    [traceId],
  );
  if (!rows[0]) throw new Error(`no span of trace ${traceId} where ${where}`);
  return rows[0].id;
}
