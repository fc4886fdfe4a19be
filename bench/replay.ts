// Session replay (#46): `npm run bench:replay [-- --record-seconds 60 --replays-per-second 2 --seconds 30 --rounds 2]`.
// Starts the production service (fresh embedded PostgreSQL, PRO plan, no rate limit), then:
// 1. Records: a busy page (a list updated every 100–200 ms, typing, scrolling, clicks, console logs and fetches) with
//    the real @sentry/browser and replayIntegration (its defaults, session sample rate 1) in Chromium, pointed at the service, for
//    --record-seconds; the SDK's replay envelopes are kept as sent (compressed bytes) and their sizes printed.
// 2. Loads: Sentry error envelopes (realistic SDK events) as fast as 64 keep-alive connections allow, alone and then
//    beside the captured replay envelopes replayed at --replays-per-second new replays a second (each with a new
//    replay id, its segments at the times the SDK sent them, from the first second as in a steady state), in
//    --rounds alternating rounds of --seconds each. Prints the error rate alone and with replays and its drop (target
//    under 20 %), the replay segments accepted a second, and the bytes stored per replay minute (PostgreSQL).
// 3. Opens the recorded replay's page in Chromium (signed in) and prints first contentful paint and the time until
//    the player's frame shows the recorded page (median of 5 runs after a warm-up).
// Everything it starts is stopped at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { startSentryPageServer } from '../e2e/support/sentry-page';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { sampleCpu, type CpuSample } from './support/cpu';
import { pct, rateOf, report, type RunResult } from './support/load';
import { log, proProject, runBench, startService, type Service } from './support/service';

const { values: args } = parseArgs({
  options: {
    'record-seconds': { type: 'string', default: '60' },
    // 2 new replays a second is 170,000 a day: far past a PRO organization's 10,000 a month. 5 is the stress figure.
    'replays-per-second': { type: 'string', default: '2' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '64' },
  },
});
const RECORD_SECONDS = Number(args['record-seconds']);
const REPLAYS_PER_SECOND = Number(args['replays-per-second']);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const PAINT_RUNS = 5;
const TARGET_DROP = 0.2;
const SDK_VERSION = (createRequire(import.meta.url)('@sentry/browser/package.json') as { version: string }).version;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** An orders dashboard that never sits still: rows change every 100–200 ms, a log line every 3 s, a fetch every 4 s. */
const busyPage = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orders</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
header { display: flex; gap: 16px; align-items: center; padding: 12px 24px; background: #f4f4f6; position: sticky; top: 0; }
nav a { margin-right: 12px; } main { padding: 16px 24px; }
table { border-collapse: collapse; width: 100%; } td, th { padding: 4px 8px; border-bottom: 1px solid #ddd; text-align: left; }
tr.selected { background: #e6f0ff; } tr.hidden { display: none; } .status-paid { color: #070; } .status-failed { color: #a00; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin-top: 24px; }
.card { border: 1px solid #ddd; border-radius: 8px; padding: 12px; min-height: 120px; }
textarea { width: 100%; height: 80px; }
</style>
<script src="/sentry.js"></script>
<script>
Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  release: 'orders@7.2.0',
  environment: 'production',
  integrations: [Sentry.replayIntegration()],
  replaysSessionSampleRate: 1.0,
  replaysOnErrorSampleRate: 1.0,
});
Sentry.setUser({ id: 'u-1042', email: 'ops@example.com' });
</script>
</head><body>
<header><strong>Acme orders</strong>
<nav><a href="#orders">Orders</a><a href="#customers">Customers</a><a href="#catalog">Catalog</a><a href="#reports">Reports</a></nav>
<input id="search" type="search" placeholder="Search orders" autocomplete="off">
<span id="stock">stock: …</span></header>
<main>
<div id="tabs"><button class="tab" data-status="all">All</button> <button class="tab" data-status="paid">Paid</button>
<button class="tab" data-status="pending">Pending</button> <button class="tab" data-status="failed">Failed</button></div>
<table id="orders"><thead><tr><th>Order</th><th>Customer</th><th>Items</th><th>Total</th><th>Status</th><th>Updated</th></tr></thead><tbody></tbody></table>
<h2>Notes</h2><textarea id="notes"></textarea>
<h2 id="catalog">Catalog</h2><div class="cards"></div>
</main>
<script>
var names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Margaret Hamilton', 'Ken Thompson'];
var statuses = ['paid', 'pending', 'failed', 'refunded'];
var tbody = document.querySelector('#orders tbody');
var seq = 10000;
function row() {
  var tr = document.createElement('tr');
  var id = 'A-' + (seq++);
  [id, names[seq % names.length], String(1 + seq % 7), '$' + (seq * 7.31 % 900).toFixed(2), statuses[seq % 4], new Date().toLocaleTimeString()]
    .forEach(function (v, i) { var td = document.createElement('td'); td.textContent = v; if (i === 4) td.className = 'status-' + v; tr.appendChild(td); });
  tr.addEventListener('click', function () { document.querySelectorAll('tr.selected').forEach(function (r) { r.classList.remove('selected'); }); tr.classList.add('selected'); });
  return tr;
}
for (var i = 0; i < 40; i++) tbody.appendChild(row());
var cards = document.querySelector('.cards');
for (var c = 0; c < 48; c++) {
  var card = document.createElement('div');
  card.className = 'card';
  card.innerHTML = '<h3>Product ' + c + '</h3><p>Hand-made ceramic mug, ' + (200 + c * 5) + ' ml, glazed in colour no. ' + (c * 13 % 40) + '.</p><button type="button">Add</button>';
  cards.appendChild(card);
}
var ticks = 0;
function tick() {
  var rows = tbody.children;
  for (var k = 0; k < 3; k++) {
    var r = rows[Math.floor(Math.random() * rows.length)];
    var s = statuses[Math.floor(Math.random() * 4)];
    r.children[4].textContent = s;
    r.children[4].className = 'status-' + s;
    r.children[5].textContent = new Date().toLocaleTimeString();
  }
  if (++ticks % 10 === 0) { tbody.insertBefore(row(), tbody.firstChild); tbody.removeChild(tbody.lastChild); }
  setTimeout(tick, 100 + Math.random() * 100);
}
tick();
document.querySelectorAll('.tab').forEach(function (b) {
  b.addEventListener('click', function () {
    var want = b.dataset.status;
    Array.prototype.forEach.call(tbody.children, function (r) { r.classList.toggle('hidden', want !== 'all' && r.children[4].textContent !== want); });
  });
});
document.getElementById('search').addEventListener('input', function (e) {
  var q = e.target.value.toLowerCase();
  Array.prototype.forEach.call(tbody.children, function (r) { r.classList.toggle('hidden', q !== '' && r.textContent.toLowerCase().indexOf(q) < 0); });
});
setInterval(function () { console.log('orders refreshed', ticks); }, 3000);
setInterval(function () {
  fetch('/api/stock.json').then(function (r) { return r.json(); }).then(function (d) { document.getElementById('stock').textContent = 'stock: ' + d.units; });
}, 4000);
</script>
</body></html>`;

/** One captured replay envelope: its bytes as sent, where its recording payload lies, its segment and send time. */
type Segment = {
  body: Buffer;
  /** The envelope's text parts around the (binary) recording payload, which holds no replay id. */
  parts: (string | Buffer)[];
  segmentId: number;
  /** The recording's compressed rrweb events as sent (without their `{"segment_id":N}` line). */
  compressedBytes: number;
  atMs: number;
};

/** Splits a Sentry envelope into its text and its replay_recording payload; null when it holds no recording. */
function readReplayEnvelope(body: Buffer): Omit<Segment, 'atMs' | 'body'> | null {
  const lineEnd = (from: number) => {
    const i = body.indexOf(0x0a, from);
    return i < 0 ? body.length : i;
  };
  let pos = lineEnd(0) + 1;
  while (pos < body.length) {
    const headerEnd = lineEnd(pos);
    const header = JSON.parse(body.subarray(pos, headerEnd).toString('utf8')) as { type?: string; length?: number };
    const start = headerEnd + 1;
    const end = typeof header.length === 'number' ? start + header.length : lineEnd(start);
    if (header.type === 'replay_recording') {
      const payload = body.subarray(start, end);
      const newline = payload.indexOf(0x0a);
      const { segment_id: segmentId } = JSON.parse(payload.subarray(0, newline).toString('utf8')) as {
        segment_id: number;
      };
      return {
        parts: [body.subarray(0, start).toString('utf8'), payload, body.subarray(end).toString('utf8')],
        segmentId,
        compressedBytes: payload.length - newline - 1,
      };
    }
    pos = end + 1;
  }
  return null;
}

/** The envelope with another replay id (the envelope's event_id, the replay_event's replay_id and event_id). */
const withReplayId = (s: Segment, from: string, to: string) =>
  Buffer.concat(s.parts.map((p) => (typeof p === 'string' ? Buffer.from(p.replaceAll(from, to)) : p)));

type Recording = { replayId: string; segments: Segment[]; path: string; contentType: string; seconds: number };

/** Records the busy page with the real SDK and keeps the replay envelopes it sends, as sent. */
async function record(browser: Browser, dsn: string): Promise<Recording> {
  const site = await startSentryPageServer({ '/orders.html': busyPage(dsn), '/api/stock.json': '{"units":42}' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const segments: Segment[] = [];
    const statuses: number[] = [];
    let path = '';
    let contentType = '';
    let t0 = 0;
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().includes('/envelope/')) return;
      const body = req.postDataBuffer();
      const read = body && readReplayEnvelope(body);
      if (!read) return;
      const url = new URL(req.url());
      path = url.pathname + url.search;
      contentType = req.headers()['content-type'] ?? 'text/plain;charset=UTF-8';
      t0 ||= Date.now();
      segments.push({ ...read, body, atMs: Date.now() - t0 });
    });
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && res.url().includes('/envelope/')) statuses.push(res.status());
    });
    const started = performance.now();
    await page.goto(`${site.origin}/orders.html`);
    const end = started + RECORD_SECONDS * 1000;
    const words = ['Ada', 'refund', 'A-1003', 'Hopper', 'pending'];
    for (let step = 0; performance.now() < end; step++) {
      if (step % 5 === 0) {
        await page.locator('#search').fill('');
        await page.locator('#search').pressSequentially(words[(step / 5) % words.length], { delay: 90 });
      } else if (step % 5 === 1)
        await page
          .locator('.tab')
          .nth(step % 4)
          .click();
      else if (step % 5 === 2) {
        await page.mouse.move(640, 500);
        for (let w = 0; w < 4; w++) {
          await page.mouse.wheel(0, step % 2 ? 400 : -400);
          await page.waitForTimeout(150);
        }
      } else if (step % 5 === 3) await page.locator('#orders tbody tr:not(.hidden)').first().click();
      else await page.locator('#notes').pressSequentially(`Called customer ${step}, will ship Monday. `, { delay: 60 });
      await page.waitForTimeout(400);
    }
    const seconds = (performance.now() - started) / 1000;
    type SentryGlobal = { getReplay(): { flush(): Promise<void>; getReplayId(): string } };
    const replayId = await page.evaluate(async () => {
      const replay = (window as unknown as { Sentry: SentryGlobal }).Sentry.getReplay();
      await replay.flush();
      return replay.getReplayId();
    });
    // Every replay envelope answered (the last one is sent by the flush above).
    for (let i = 0; i < 100 && statuses.length < segments.length; i++) await sleep(100);
    await context.close();
    const refused = statuses.filter((s) => s !== 200);
    if (refused.length > 0) throw new Error(`the service answered the SDK's envelopes with ${refused.join(', ')}`);
    // An SDK retry sends a segment again: the first one counts.
    const unique = segments.filter((s, i) => segments.findIndex((o) => o.segmentId === s.segmentId) === i);
    if (unique.length === 0 || unique[0].segmentId !== 0) throw new Error('the SDK sent no replay segment 0');
    return { replayId, segments: unique, path, contentType, seconds };
  } finally {
    await context.close().catch(() => {});
    await site.close();
  }
}

type Sender = { agent: http.Agent; port: number; path: string; headers: Record<string, string> };

function post(s: Sender, body: string | Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: s.port,
        path: s.path,
        method: 'POST',
        agent: s.agent,
        headers: { ...s.headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? 'error'));
    req.end(body);
  });
}

function tally(r: RunResult, status: number | string, ms: number) {
  r.latencies.push(ms);
  if (status === 200) r.accepted++;
  else r.errors.set(status, (r.errors.get(status) ?? 0) + 1);
}

const emptyRun = (): RunResult => ({ accepted: 0, errors: new Map(), latencies: [], seconds: 0 });

/** As many bodies as `connections` keep-alive connections get answered in `seconds` (a closed loop). */
async function closedLoop(opts: Omit<Sender, 'agent'> & { connections: number; seconds: number; next: () => string }) {
  const sender = { ...opts, agent: new http.Agent({ keepAlive: true, maxSockets: opts.connections }) };
  const run = emptyRun();
  const t0 = performance.now();
  const deadline = t0 + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        tally(run, await post(sender, opts.next()), performance.now() - s);
      }
    }),
  );
  run.seconds = (performance.now() - t0) / 1000;
  sender.agent.destroy();
  run.latencies.sort((a, b) => a - b);
  return run;
}

type Scheduled = { atMs: number; body: () => Buffer };

/** Sends each body at its time whatever the answers (an open loop); `lateMs` is how far behind the schedule it sent. */
async function openLoop(opts: Omit<Sender, 'agent'> & { schedule: Scheduled[] }) {
  const sender = { ...opts, agent: new http.Agent({ keepAlive: true, maxSockets: 512 }) };
  const run = emptyRun();
  const lateMs: number[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (const item of opts.schedule) {
    const wait = t0 + item.atMs - performance.now();
    if (wait > 1) await sleep(wait);
    const s = performance.now();
    lateMs.push(Math.max(0, s - t0 - item.atMs));
    pending.push(post(sender, item.body()).then((status) => tally(run, status, performance.now() - s)));
  }
  await Promise.all(pending);
  run.seconds = (performance.now() - t0) / 1000;
  sender.agent.destroy();
  run.latencies.sort((a, b) => a - b);
  lateMs.sort((a, b) => a - b);
  return { run, lateMs };
}

/**
 * `perSecond` new replays a second for `seconds`, as in a steady state: replay j starts at j / perSecond seconds and
 * sends segment k at its recorded time after that, so replays that started before the window send their later
 * segments in it. Every segment of the recording is sent perSecond × seconds times.
 */
function replaySchedule(rec: Recording, perSecond: number, seconds: number) {
  const ids = new Map<number, string>();
  const idOf = (j: number) => {
    let id = ids.get(j);
    if (!id) ids.set(j, (id = crypto.randomUUID().replace(/-/g, '')));
    return id;
  };
  const schedule: Scheduled[] = [];
  const last = rec.segments.at(-1)!.atMs;
  for (let j = -Math.ceil((last / 1000) * perSecond); j < seconds * perSecond; j++) {
    for (const seg of rec.segments) {
      const atMs = (j / perSecond) * 1000 + seg.atMs;
      if (atMs < 0 || atMs >= seconds * 1000) continue;
      const id = idOf(j);
      schedule.push({ atMs, body: () => withReplayId(seg, rec.replayId, id) });
    }
  }
  schedule.sort((a, b) => a.atMs - b.atMs);
  return { schedule, replayIds: [...ids.values()] };
}

/** CPU over a run, in cores: the server's node processes, its PostgreSQL, and the whole machine. */
function cores(before: CpuSample, after: CpuSample, group: number, seconds: number) {
  const a = after.groups.get(group)!;
  const b = before.groups.get(group)!;
  const ms = seconds * 1000;
  return {
    server: (a.other - b.other) / ms,
    postgres: (a.postgres - b.postgres) / ms,
    machine: (after.total - before.total) / ms,
  };
}

/** First contentful paint and the player's frame showing the page, from navigation start, `runs` times. */
async function firstPaint(browser: Browser, svc: Service, url: string, runs: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = svc.cookie.split('=');
  await context.addCookies([{ name, value, url: svc.base }]);
  const page: Page = await context.newPage();
  const once = async () => {
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'commit' });
    // Polled on every animation frame inside the page: its clock starts at navigation start.
    const shown = await page.waitForFunction(
      () => {
        const doc = document.querySelector<HTMLIFrameElement>('[data-testid="replay-stage"] iframe')?.contentDocument;
        return (doc?.body?.childElementCount ?? 0) > 0 && performance.now();
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const frameMs = (await shown.jsonValue()) as number;
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return { fcp, frameMs };
  };
  try {
    await once();
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once());
    return { fcp: samples.map((s) => s.fcp), frame: samples.map((s) => s.frameMs) };
  } finally {
    await context.close();
  }
}

let service: Service | undefined;

async function main() {
  const svc = (service = await startService({
    distDir: '.next-bench',
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' },
  }));
  const { sql, project } = await proProject(svc, 'Replay bench');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const app = new URL(svc.base);
    const dsn = `${app.protocol}//${project.keys[0].publicKey}@${app.host}/${project.number}`;
    log(`recording a busy page with @sentry/browser's replayIntegration for ${RECORD_SECONDS} s`);
    const rec = await record(browser, dsn);
    const segs = rec.segments;
    const recordedMinutes = rec.seconds / 60;
    const sent = segs.reduce((n, s) => n + s.compressedBytes, 0);
    const sentEnvelopes = segs.reduce((n, s) => n + s.body.length, 0);
    const later = segs.slice(1).map((s) => s.compressedBytes);
    log(
      `the SDK sent ${segs.length} segments of replay ${rec.replayId} in ${rec.seconds.toFixed(0)} s: ${kb(sent)} compressed`,
    );

    // What PostgreSQL holds of the recorded replay, per minute of it.
    const {
      rows: [stored],
    } = await sql.query<{ segments: number; bytes: string; ms: number }>(
      `SELECT (SELECT count(*)::int FROM replay_segments WHERE project_id = $1 AND replay_id = $2) AS segments,
              (SELECT coalesce(sum(size), 0) FROM replay_segments WHERE project_id = $1 AND replay_id = $2) AS bytes,
              (SELECT extract(epoch FROM finished_at - started_at) * 1000 FROM replays WHERE project_id = $1 AND id = $2)::float8 AS ms`,
      [project.id, rec.replayId],
    );
    // Closing the page can make the SDK send one segment more (on page hide) after the ones seen here.
    if (stored.segments < segs.length)
      throw new Error(`stored ${stored.segments} of the ${segs.length} segments the SDK sent`);
    const replayMinutes = (stored.ms ?? 0) / 60_000;

    const errorSender = {
      port: svc.port,
      path: `/api/${project.number}/envelope/`,
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/1.40.0, sentry_key=${project.keys[0].publicKey}`,
      },
    };
    // 500 realistic events as templates, each sent with a fresh event id (same length, so lengths stay right).
    const templates = Array.from({ length: 500 }, (_, i) => {
      const e = sdkEvent({ i, n: 500, idPrefix: 'feedface' }).sentry;
      return sentryEnvelope(e).split(e.event_id as string);
    });
    let sentEvents = 0;
    const nextError = (prefix: string) => () => {
      const n = sentEvents++;
      return templates[n % templates.length].join(`${prefix}${n.toString(16).padStart(32 - prefix.length, '0')}`);
    };
    const replaySender = { port: svc.port, path: rec.path, headers: { 'content-type': rec.contentType } };
    const group = svc.child.pid!;
    const errorsFor = (prefix: string, seconds: number) =>
      closedLoop({ ...errorSender, connections: CONNECTIONS, seconds, next: nextError(prefix) });

    const loadBefore = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    log(`warm-up: 5 s of errors, then 5 s of errors beside ${REPLAYS_PER_SECOND} replays/s`);
    await errorsFor('e0', 5);
    const warm = replaySchedule(rec, REPLAYS_PER_SECOND, 5);
    await Promise.all([errorsFor('e1', 5), openLoop({ ...replaySender, schedule: warm.schedule })]);

    type Round = {
      alone: RunResult;
      aloneCores: ReturnType<typeof cores>;
      withReplays: RunResult;
      withCores: ReturnType<typeof cores>;
      replays: RunResult;
      lateMs: number[];
      offered: number;
      replayIds: string[];
    };
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      log(
        `round ${r}/${ROUNDS}: ${SECONDS} s of errors alone, then ${SECONDS} s beside ${REPLAYS_PER_SECOND} replays/s`,
      );
      let before = sampleCpu([group]);
      const alone = await errorsFor(`a${r}`, SECONDS);
      const aloneCores = cores(before, sampleCpu([group]), group, alone.seconds);
      const { schedule, replayIds } = replaySchedule(rec, REPLAYS_PER_SECOND, SECONDS);
      before = sampleCpu([group]);
      const [withReplays, replayed] = await Promise.all([
        errorsFor(`b${r}`, SECONDS),
        openLoop({ ...replaySender, schedule }),
      ]);
      const withCores = cores(before, sampleCpu([group]), group, Math.max(withReplays.seconds, replayed.run.seconds));
      rounds.push({
        alone,
        aloneCores,
        withReplays,
        withCores,
        replays: replayed.run,
        lateMs: replayed.lateMs,
        offered: schedule.length,
        replayIds,
      });
    }

    // Outcomes are counted in memory and written every second.
    await sleep(1500);
    // Every segment answered 200 is stored (a segment the writer fails on is answered 200 too).
    const loadIds = rounds.flatMap((r) => r.replayIds);
    const {
      rows: [load],
    } = await sql.query<{ segments: number; bytes: string; replays: number }>(
      `SELECT count(*)::int AS segments, coalesce(sum(size), 0) AS bytes, count(DISTINCT replay_id)::int AS replays
         FROM replay_segments WHERE project_id = $1 AND replay_id = ANY($2)`,
      [project.id, loadIds],
    );
    const { rows: refusedOutcomes } = await sql.query<{ outcome: string; reason: string; n: number }>(
      `SELECT outcome, reason, sum(quantity)::int AS n FROM outcomes
        WHERE project_id = $1 AND category = 'replay' AND outcome <> 'accepted' GROUP BY 1, 2`,
      [project.id],
    );

    log(`first paint of the recorded replay's page: 1 warm-up and ${PAINT_RUNS} runs`);
    const paint = await firstPaint(
      browser,
      svc,
      `${svc.base}/projects/${project.id}/replays/${rec.replayId}`,
      PAINT_RUNS,
    );

    console.log('');
    console.log(
      `recording: ${rec.seconds.toFixed(0)} s of a busy page (a list changing every 100–200 ms, typing, scrolling, clicks, console logs, fetches), @sentry/browser ${SDK_VERSION} replayIntegration in Chromium`,
    );
    console.log(
      `  SDK segments as sent: ${segs.length} (${(segs.length / recordedMinutes).toFixed(1)} a minute), ${kb(sent)} compressed = ${kb(sent / recordedMinutes)} a minute (${kb(sentEnvelopes / recordedMinutes)} of envelopes); segment 0 ${kb(segs[0].compressedBytes)}, the others median ${kb(median(later))}, max ${kb(Math.max(...later))}`,
    );
    console.log(
      `  stored (PostgreSQL, sum(size) of its ${stored.segments} segments over its ${replayMinutes.toFixed(2)} min): ${kb(Number(stored.bytes) / replayMinutes)} per replay minute`,
    );
    console.log('');
    console.log(`load average (1/5/15 min) before the load: ${loadBefore}`);
    console.log(
      `load: Sentry error envelopes (realistic SDK events) over ${CONNECTIONS} connections, alone and beside ${REPLAYS_PER_SECOND} new replays/s (about ${Math.round(REPLAYS_PER_SECOND * rec.seconds)} recording at once, ${(REPLAYS_PER_SECOND * segs.length).toFixed(0)} segments/s offered), ${ROUNDS} alternating rounds of ${SECONDS} s`,
    );
    const pctCore = (x: number) => `${(x * 100).toFixed(0)} %`;
    rounds.forEach((r, i) => {
      console.log(`round ${i + 1}:`);
      report('errors alone', r.alone);
      console.log(
        `${''.padEnd(30)} CPU: server ${pctCore(r.aloneCores.server)} + PostgreSQL ${pctCore(r.aloneCores.postgres)} of a core; machine ${pctCore(r.aloneCores.machine)}`,
      );
      report('errors beside replays', r.withReplays);
      report('replay segments', r.replays);
      console.log(
        `${''.padEnd(30)} CPU: server ${pctCore(r.withCores.server)} + PostgreSQL ${pctCore(r.withCores.postgres)} of a core; machine ${pctCore(r.withCores.machine)}; ${r.offered} segments offered, sent at most ${pct(r.lateMs, 99).toFixed(0)} ms late (p99)`,
      );
    });
    const alone = rateOf(rounds.map((r) => r.alone));
    const withReplays = rateOf(rounds.map((r) => r.withReplays));
    const segmentsPerSecond = rateOf(rounds.map((r) => r.replays));
    const drop = 1 - withReplays / alone;
    const offered = rounds.reduce((n, r) => n + r.offered, 0);
    const answered = rounds.reduce((n, r) => n + r.replays.accepted, 0);
    const failures = rounds.reduce(
      (n, r) =>
        n +
        [r.alone, r.withReplays, r.replays].reduce((m, x) => m + [...x.errors.values()].reduce((a, b) => a + b, 0), 0),
      0,
    );
    const replayMinutesLoaded = (load.segments / segs.length) * replayMinutes;
    console.log('');
    console.log(
      `replay segments: ${segmentsPerSecond.toFixed(1)} accepted/s (${answered} of ${offered} answered 200, ${load.segments} stored in ${load.replays} replays; refused: ${refusedOutcomes.map((o) => `${o.outcome}/${o.reason} ×${o.n}`).join(', ') || 'none'})`,
    );
    console.log(
      `bytes stored per replay minute: ${kb(Number(stored.bytes) / replayMinutes)} (the recorded replay); ${kb(Number(load.bytes) / replayMinutesLoaded)} over the load's ${(Number(load.bytes) / 1024 / 1024).toFixed(1)} MB`,
    );
    console.log(
      `replay page (median of ${PAINT_RUNS}, warm): first contentful paint ${median(paint.fcp).toFixed(0)} ms (${Math.min(...paint.fcp).toFixed(0)}–${Math.max(...paint.fcp).toFixed(0)}), the player's frame shows the page at ${median(paint.frame).toFixed(0)} ms (${Math.min(...paint.frame).toFixed(0)}–${Math.max(...paint.frame).toFixed(0)})`,
    );
    console.log(
      `errors alone ${alone.toFixed(0)}/s, beside replays ${withReplays.toFixed(0)}/s: a drop of ${(drop * 100).toFixed(1)} %`,
    );
    const ok = drop < TARGET_DROP && failures === 0 && load.segments === offered && refusedOutcomes.length === 0;
    console.log(
      `target (error rate drops under ${TARGET_DROP * 100} % beside replays, zero errors, every segment stored): ${ok ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await browser.close().catch(() => {});
    await sql.end();
  }
}

runBench(main, () => service && fs.rmSync(service.dataDir, { recursive: true, force: true }));
