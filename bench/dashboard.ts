// The pages a team uses on day one (#65), in Chromium: each page's largest contentful paint, warm, and the replay
// player's first frame. Usage: npm run bench:dashboard
// Environment: BENCH_RUNS (7), BENCH_EVENTS (1,000,000), BENCH_ISSUES (1,000), BENCH_TRANSACTIONS (2,000,000),
// BENCH_SPANS (200,000), BENCH_LOGS (1,000,000), BENCH_PROFILE_CHUNKS (200), BENCH_PORT (4840, the app),
// BENCH_PG_PORT (4841, its embedded PostgreSQL), BENCH_SITE_PORT (4842, the recorded page),
// BENCH_DIST_DIR (.next-bench-dash, built by scripts/start.ts when stale), CHROMIUM_PATH.
// 1. Starts the production server (scripts/start.ts, as `npm start` runs it) with its own data dir and embedded
//    PostgreSQL, signs up, and seeds one project the way bench:scale does (its seedEventsByDay and rollups, its
//    transactions with web vitals, over 30 daily partitions; events default to a tenth of bench:scale's 10,000,000,
//    which take too long to seed beside the rest), plus a day of bench:explore's spans and log lines, 20 cron
//    monitors with 200 check-ins each, and 3 releases.
// 2. Through the service's own ingest: a replay recorded by the real @sentry/browser replayIntegration in Chromium
//    (a page with a list, typing and clicks, ~8 s), and BENCH_PROFILE_CHUNKS chunks of the recorded
//    @sentry/profiling-node chunk (bench/profiles) over the last day.
// 3. Opens each page once (warm-up: the HTTP cache filled, like a returning user), then BENCH_RUNS times in turn,
//    and prints per page the median largest contentful paint (PerformanceObserver 'largest-contentful-paint', from
//    navigation start, read once the page's content is on screen and two frames later) and the time that content
//    showed. The replay player is "ready" when its first frame is drawn: the player's iframe holds the recorded
//    page's body with its elements (from navigation start). Targets: LCP < 1 s, player ready < 1.5 s.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { sentryBrowserBundle } from '../e2e/support/sentry-page';
import { seedLogs, seedSpans } from './support/explore-seed';
import {
  DAY_MS,
  secondsSince,
  seedEventsByDay,
  seedHourlyRollup,
  seedIssues,
  seedTransactionsByDay,
} from './support/seed';
import { api, log, proProject, runBench, startService } from './support/service';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RUNS = num('BENCH_RUNS', 7);
const EVENTS = num('BENCH_EVENTS', 1_000_000);
const ISSUES = num('BENCH_ISSUES', 1_000);
const TRANSACTIONS = num('BENCH_TRANSACTIONS', 2_000_000);
const SPANS = num('BENCH_SPANS', 200_000);
const LOGS = num('BENCH_LOGS', 1_000_000);
const PROFILE_CHUNKS = num('BENCH_PROFILE_CHUNKS', 200);
const PORT = num('BENCH_PORT', 4840);
const PG_PORT = num('BENCH_PG_PORT', 4841);
const SITE_PORT = num('BENCH_SITE_PORT', 4842);
const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench-dash';
const DAYS = 30;
const LCP_TARGET_MS = 1000;
const PLAYER_TARGET_MS = 1500;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const recordedPage = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orders</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: '1.0.2', integrations: [Sentry.replayIntegration()],
  replaysSessionSampleRate: 1.0, replaysOnErrorSampleRate: 1.0 });
</script>
<style>body{font-family:sans-serif} td{padding:4px 8px;border-bottom:1px solid #ddd}</style>
</head><body><main>
<h1>Orders</h1><input id="search" placeholder="Search orders"><button id="more" type="button">Load more</button>
<table id="orders"><tbody></tbody></table>
</main>
<script>
var tbody = document.querySelector('#orders tbody'), n = 0;
function add() { for (var i = 0; i < 20; i++, n++) { var tr = document.createElement('tr');
  ['A-' + (1000 + n), 'Customer ' + n, (n % 7) * 13 + '.00 EUR', n % 3 ? 'paid' : 'pending'].forEach(function (v) {
    var td = document.createElement('td'); td.textContent = v; tr.appendChild(td); }); tbody.appendChild(tr); } }
add();
document.getElementById('more').addEventListener('click', add);
</script></body></html>`;

/** Records ~8 s of the page above with the real SDK, served on SITE_PORT; the replay's id. */
async function recordReplay(browser: Awaited<ReturnType<typeof chromium.launch>>, dsn: string): Promise<string> {
  const js = await sentryBrowserBundle();
  const html = recordedPage(dsn);
  const site = http.createServer((req, res) => {
    if (req.url === '/sentry.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${SITE_PORT}/orders.html`);
    for (let i = 0; i < 4; i++) {
      await page.locator('#search').pressSequentially(`order ${i}`, { delay: 60 });
      await page.locator('#more').click();
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(800);
    }
    type SentryGlobal = { getReplay(): { flush(): Promise<void>; getReplayId(): string } };
    const id = await page.evaluate(async () => {
      const replay = (window as unknown as { Sentry: SentryGlobal }).Sentry.getReplay();
      await replay.flush();
      return replay.getReplayId();
    });
    await page.waitForTimeout(1000);
    return id;
  } finally {
    await context.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
}

/** The recorded profile chunk (bench/profiles) with a fresh chunk id and profiler, its samples moved to start at `startSec`. */
function profileChunk(profilerId: string, startSec: number): string {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'profiles', 'node-profile-chunk.envelope'), 'utf8');
  const [headerLine, itemHeaderLine, payloadLine] = text.split('\n');
  const payload = JSON.parse(payloadLine) as {
    chunk_id: string;
    profiler_id: string;
    measurements?: Record<string, { values: { timestamp: number }[] }>;
    profile: { samples: { timestamp: number }[] };
  };
  const t0 = payload.profile.samples[0].timestamp;
  for (const s of payload.profile.samples) s.timestamp = Math.round((s.timestamp - t0 + startSec) * 1e4) / 1e4;
  for (const m of Object.values(payload.measurements ?? {}))
    for (const v of m.values) v.timestamp += (startSec - t0) * 1000;
  payload.chunk_id = hex(16);
  payload.profiler_id = profilerId;
  const header = { ...JSON.parse(headerLine), event_id: hex(16), sent_at: new Date().toISOString() };
  return `${JSON.stringify(header)}\n${itemHeaderLine}\n${JSON.stringify(payload)}`;
}

type Measured = { lcp: number; content: number; lcpElement: string; ttfb: number; fcp: number };

/** From navigation start: the content on screen (`ready` polled on every frame), then the last LCP entry. */
async function visit(page: Page, url: string, ready: () => unknown): Promise<Measured> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 });
  const content = (await handle.jsonValue()) as number;
  const lcp = await page.evaluate(
    () =>
      new Promise<Omit<Measured, 'content'>>((resolve) => {
        // Two frames after the content showed, so its paint has been reported.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const entries = (window as unknown as { __lcp: (PerformanceEntry & { element?: Element | null })[] }).__lcp;
            const el = entries.at(-1)?.element;
            const id = el?.getAttribute('data-testid');
            const nav = window.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            resolve({
              ttfb: nav?.responseStart ?? Number.NaN,
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
              lcp: entries.at(-1)?.startTime ?? Number.NaN,
              lcpElement: el ? `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}` : '?',
            });
          }),
        );
      }),
  );
  return { ...lcp, content };
}

/** Elements on screen with a height, each selector at least one. */
const shown = (...sels: string[]) =>
  new Function(
    `return ${JSON.stringify(sels)}.every((s) => (document.querySelector(s)?.getBoundingClientRect().height ?? 0) > 0) && performance.now();`,
  ) as () => unknown;

async function main() {
  const svc = await startService({ distDir: DIST_DIR, port: PORT, pgPort: PG_PORT });
  const { sql, project } = await proProject(svc, 'Bench');
  process.env.DATABASE_URL = svc.dbUrl;
  const { ensurePartitions } = await import('@/lib/retention/partitions');
  const { closePool } = await import('@/lib/pg');
  const now = Date.now();
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS;
  await ensurePartitions(new Date(firstDay), new Date(now + 7 * DAY_MS));
  await closePool();

  // bench:scale's shape: issues, events over 30 days (a fifth in one issue), their rollups, transactions with vitals.
  let t0 = performance.now();
  const issueIds = await seedIssues(sql, project.id, ISSUES);
  await seedEventsByDay(sql, {
    projectId: project.id,
    issueIds,
    events: EVENTS,
    days: DAYS,
    firstDay,
    issueIndex: 'CASE WHEN i % 5 = 0 THEN 1 ELSE 2 + (i % (n_issues - 1)) END',
  });
  await seedHourlyRollup(sql);
  log(`\nseeded ${EVENTS.toLocaleString('en-US')} events of ${ISSUES} issues in ${secondsSince(t0)} s`);
  t0 = performance.now();
  await seedTransactionsByDay(sql, { projectId: project.id, total: TRANSACTIONS, days: DAYS, firstDay });
  log(`seeded ${TRANSACTIONS.toLocaleString('en-US')} transactions in ${secondsSince(t0)} s`);
  t0 = performance.now();
  const target = { sql, projectId: project.id, projectNumber: project.number, log };
  await seedSpans(target, SPANS);
  await seedLogs(target, LOGS);
  log(
    `seeded ${SPANS.toLocaleString('en-US')} spans and ${LOGS.toLocaleString('en-US')} log lines in ${secondsSince(t0)} s`,
  );
  await sql.query(
    `INSERT INTO releases (project_id, version, created_at, first_event_at, last_event_at)
     SELECT $1, '1.0.' || r, now() - (3 - r) * interval '10 days', now() - (3 - r) * interval '10 days', now() FROM generate_series(0, 2) r`,
    [project.id],
  );
  await sql.query(
    `INSERT INTO monitors (project_id, slug, schedule_type, schedule, status, last_checkin_at, next_expected_at)
     SELECT $1, 'job-' || m, 'crontab', '*/5 * * * *', 'ok', now(), now() + interval '5 minutes' FROM generate_series(1, 20) m`,
    [project.id],
  );
  await sql.query(
    `INSERT INTO monitor_checkins (id, monitor_id, status, duration_ms, started_at, finished_at, expected_at)
     SELECT md5(m.id || c), m.id, CASE WHEN c % 17 = 0 THEN 'error' ELSE 'ok' END, 1000 + c % 500,
            now() - c * interval '5 minutes', now() - c * interval '5 minutes' + interval '1 second', now() - c * interval '5 minutes'
       FROM monitors m, generate_series(1, 200) c WHERE m.project_id = $1`,
    [project.id],
  );
  t0 = performance.now();
  await sql.query('VACUUM ANALYZE');
  log(`vacuum analyze in ${secondsSince(t0)} s`);

  // Through ingest: profile chunks over the last day, then a recorded replay.
  const envelopePath = `/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`;
  const profilers = Array.from({ length: 10 }, () => hex(16));
  t0 = performance.now();
  for (let k = 0; k < PROFILE_CHUNKS; k++) {
    const body = profileChunk(profilers[k % profilers.length], now / 1000 - 86_000 + (k * 86_000) / PROFILE_CHUNKS);
    const res = await fetch(svc.base + envelopePath, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
    });
    if (res.status !== 200) throw new Error(`profile chunk: ${res.status} ${await res.text()}`);
  }
  log(`sent ${PROFILE_CHUNKS} profile chunks in ${secondsSince(t0)} s`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const dsn = (project.keys[0] as { sentryDsn?: string }).sentryDsn!;
    const replayId = await recordReplay(browser, dsn);
    const base = `${svc.base}/projects/${project.id}`;
    let profileId: string | undefined;
    for (let i = 0; i < 100 && !profileId; i++) {
      const r = await api({
        base: svc.base,
        method: 'GET',
        path: `/api/v1/projects/${project.id}/profiles`,
        cookie: svc.cookie,
      });
      profileId = r.json?.data?.profiles?.[0]?.id;
      if (!profileId) await sleep(200);
    }
    if (!profileId) throw new Error('no profile listed');
    const {
      rows: [trace],
    } = await sql.query<{ trace_id: string }>(
      `SELECT trace_id FROM transactions WHERE project_id = $1 AND trace_id IS NOT NULL ORDER BY timestamp DESC LIMIT 1`,
      [project.id],
    );
    const big = issueIds[0];
    const pages: { name: string; url: string; ready: () => unknown }[] = [
      { name: 'issues', url: `${base}/issues`, ready: shown('[data-testid="issue-row"]') },
      {
        name: 'issue',
        url: `${base}/issues/${big}`,
        ready: shown('[data-testid="issue-title"]', '[data-testid="stack-trace"]'),
      },
      { name: 'trace', url: `${svc.base}/traces/${trace.trace_id}`, ready: shown('[data-testid="span"]') },
      { name: 'logs', url: `${base}/logs`, ready: shown('[data-testid="log"]') },
      { name: 'replays', url: `${base}/replays`, ready: shown('a[href*="/replays/"]') },
      {
        name: 'replay player',
        url: `${base}/replays/${replayId}`,
        ready: () => {
          const doc = document.querySelector<HTMLIFrameElement>('[data-testid="replay-stage"] iframe')?.contentDocument;
          return (doc?.body?.childElementCount ?? 0) > 0 && performance.now();
        },
      },
      { name: 'profiling', url: `${base}/profiling`, ready: shown('a[href*="/profiling/"]') },
      { name: 'flame graph', url: `${base}/profiling/${profileId}`, ready: shown('[data-testid="flame-frame"]') },
      { name: 'performance', url: `${base}/performance`, ready: shown('a[href*="/performance/"]') },
      { name: 'releases', url: `${base}/releases`, ready: shown('a[href*="/releases/"]') },
      { name: 'stats', url: `${base}/stats`, ready: shown('[data-testid="month-errors"]') },
      { name: 'monitors', url: `${base}/monitors`, ready: shown('[data-testid="monitor"]') },
    ];

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = svc.cookie.split('=');
    await context.addCookies([{ name, value, url: svc.base }]);
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: PerformanceEntry[] };
      w.__lcp = [];
      new PerformanceObserver((list) => w.__lcp.push(...list.getEntries())).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const page = await context.newPage();
    const results = new Map(pages.map((p) => [p.name, [] as Measured[]]));
    const visitNamed = async (p: (typeof pages)[number]) => {
      try {
        return await visit(page, p.url, p.ready);
      } catch (err) {
        const shot = path.join(os.tmpdir(), `bench-dashboard-${p.name.replace(' ', '-')}.png`);
        await page.screenshot({ path: shot }).catch(() => {});
        throw new Error(`${p.name} (${p.url}; screenshot ${shot}): ${(err as Error).message}`);
      }
    };
    for (const p of pages) await visitNamed(p);
    for (let i = 0; i < RUNS; i++) for (const p of pages) results.get(p.name)!.push(await visitNamed(p));
    await context.close();

    console.log(
      `\n${EVENTS.toLocaleString('en-US')} events of ${ISSUES} issues, ${TRANSACTIONS.toLocaleString('en-US')} transactions, ` +
        `${SPANS.toLocaleString('en-US')} spans, ${LOGS.toLocaleString('en-US')} log lines, ${PROFILE_CHUNKS} profile chunks, 1 replay; ` +
        `medians of ${RUNS} warm visits, Chromium headless, production build on localhost`,
    );
    let ok = true;
    for (const p of pages) {
      const rs = results.get(p.name)!;
      const lcp = median(rs.map((r) => r.lcp));
      const content = median(rs.map((r) => r.content));
      const isPlayer = p.name === 'replay player';
      const met = lcp < LCP_TARGET_MS && (!isPlayer || content < PLAYER_TARGET_MS);
      ok &&= met;
      console.log(
        `${p.name.padEnd(14)} LCP ${lcp.toFixed(0).padStart(5)} ms (${Math.min(...rs.map((r) => r.lcp)).toFixed(0)}–${Math.max(...rs.map((r) => r.lcp)).toFixed(0)}, ${rs.at(-1)!.lcpElement})` +
          `   TTFB ${median(rs.map((r) => r.ttfb)).toFixed(0)} FCP ${median(rs.map((r) => r.fcp)).toFixed(0)}` +
          `   ${isPlayer ? 'first frame' : 'content'} ${content.toFixed(0).padStart(5)} ms   ${met ? 'OK' : 'OVER'}` +
          ` (target LCP < ${LCP_TARGET_MS} ms${isPlayer ? `, first frame < ${PLAYER_TARGET_MS} ms` : ''})`,
      );
    }
    console.log(ok ? 'all targets met' : 'some targets missed');
  } finally {
    await browser.close().catch(() => {});
    await sql.end();
  }
}

runBench(main);
