// Time to first meaningful content of the dashboard with 10,000 issues in one project, in Chromium.
// Usage: npm run bench:dashboard   (BENCH_ISSUES, BENCH_RUNS override; builds into .next-bench-dash when stale)
// Starts the production server (scripts/start.ts) with its own data dir, embedded PostgreSQL and port,
// signs up through the API, seeds with one INSERT ... SELECT generate_series, then measures from
// navigation start to: the issue list's first row visible, the issue detail's title + stack trace visible, and
// a transaction page's figures + duration chart visible (BENCH_TRANSACTIONS transactions of 50 names over 30 days,
// one name opened over 24 hours).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/runtime/embedded-db';
import { performance } from 'node:perf_hooks';
import pgLib from 'pg';
import { chromium } from '@playwright/test';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 200_000);
const TX_NAME = 'GET /api/orders/:id';
const TARGET_MS = 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function report(label: string, runs: number[]) {
  const med = median(runs);
  console.log(
    `${label.padEnd(48)} median ${med.toFixed(0).padStart(5)} ms   min ${Math.min(...runs)
      .toFixed(0)
      .padStart(5)} ms   max ${Math.max(...runs)
      .toFixed(0)
      .padStart(5)} ms   ${med < TARGET_MS ? 'OK' : 'OVER'} (target < ${TARGET_MS} ms)`,
  );
}

async function waitForPasscode(outbox: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(outbox)) {
      for (const f of fs.readdirSync(outbox).sort().reverse()) {
        if (!f.endsWith('.json')) continue;
        const m = JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as {
          to: string;
          template: string;
          data: { otp?: string };
        };
        if (m.to === email && m.template === 'otp' && m.data.otp) return m.data.otp;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no passcode in the outbox');
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-dash-'));
  fs.chmodSync(dir, 0o755);
  const [port, pgPort] = [await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  const databaseUrl = `postgresql://postgres:postgres@localhost:${pgPort}/tracker`;

  // Always the embedded database, so the seed below knows where it is.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  console.log(
    `starting the app on ${base} (data in ${dir}; the first run builds into .next-bench-dash, a few minutes)`,
  );
  // Its own process group, so stopping it also stops what it started.
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dir,
      NEXT_DIST_DIR: '.next-bench-dash',
      APP_URL: base,
      EMBEDDED_PG_PORT: String(pgPort),
    },
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[tracker] serving')) resolve();
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.slice(-3000)}`)));
  });
  const stopServer = async () => {
    if (server.exitCode !== null || !server.pid) return;
    const exited = new Promise((r) => server.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    const timer = setTimeout(() => server.pid && process.kill(-server.pid, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };

  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    await Promise.race([
      ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('server not ready in 15 minutes')), 15 * 60_000)),
    ]);

    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench password 123';
    const post = (p: string, body: unknown, cookie?: string) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    if ((await post('/api/v1/auth/register', { name: 'Bench', email, password })).status !== 201)
      throw new Error('register failed');
    if (
      (await post('/api/v1/auth/verify-otp', { email, otp: await waitForPasscode(path.join(dir, 'outbox'), email) }))
        .status !== 200
    )
      throw new Error('verify failed');
    const login = await post('/api/v1/auth/login', { email, password });
    const session = /session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (!session) throw new Error(`login failed: ${login.status}`);
    const created = await post('/api/v1/projects', { name: 'Bench' }, `session=${session}`);
    const projectId = ((await created.json()) as { data: { id: string } }).data.id;

    const sql = new pgLib.Client({ connectionString: databaseUrl });
    await sql.connect();
    let t0 = performance.now();
    // One statement: issues spread over 30 days, mixed statuses and levels; the newest one (i = 1) gets events.
    await sql.query(
      `INSERT INTO issues (project_id, fingerprint, title, culprit, status, level, event_count, first_seen, last_seen)
       SELECT $1, md5('bench-' || i), 'TypeError: bench failure number ' || i, 'static/js/module-' || (i % 97) || '.js in handler' || (i % 13),
              (ARRAY['UNRESOLVED','UNRESOLVED','RESOLVED','IGNORED'])[1 + i % 4]::issue_status,
              (ARRAY['ERROR','ERROR','WARNING','FATAL','INFO'])[1 + i % 5]::level,
              1 + (i * 7919 % 500), now() - interval '30 days' - (i || ' minutes')::interval, now() - (i * 4 || ' minutes')::interval
       FROM generate_series(1, $2::int) AS i`,
      [projectId, ISSUES],
    );
    const {
      rows: [top],
    } = await sql.query(`SELECT id FROM issues WHERE project_id = $1 ORDER BY last_seen DESC LIMIT 1`, [projectId]);
    const stacktrace = JSON.stringify({
      frames: Array.from({ length: 12 }, (_, f) => ({
        filename: `https://app.example/static/js/module-${f}.js`,
        function: `fn${f}`,
        lineno: 10 + f,
        colno: 3,
      })),
    });
    await sql.query(
      `INSERT INTO events (issue_id, project_id, level, message, stacktrace, tags, breadcrumbs, timestamp)
       SELECT $1, $2, 'ERROR', 'bench failure number 1', $3::jsonb, '{"env":"bench"}'::jsonb,
              (SELECT jsonb_agg(jsonb_build_object('type', 'click', 'message', 'button#' || b)) FROM generate_series(1, 30) AS b),
              now() - (e || ' hours')::interval
       FROM generate_series(1, 50) AS e`,
      [top.id, projectId, stacktrace],
    );
    // Transactions of 50 names over 30 days, one in 20 failed; the page opens the first name over 24 hours.
    await sql.query(
      `INSERT INTO transactions (project_id, name, duration, status, timestamp, received_at, environment)
       SELECT $1, CASE WHEN i % 50 = 0 THEN $3 ELSE '/route-' || (i % 50) END, 20 + (i * 7919 % 2000) / 3.0,
              CASE WHEN i % 20 = 0 THEN 'internal_error' ELSE 'ok' END, ts, ts, 'production'
       FROM generate_series(1, $2::int) AS i, LATERAL (SELECT now() - (i::double precision / $2 * 30) * interval '1 day' AS ts) t`,
      [projectId, TRANSACTIONS, TX_NAME],
    );
    await sql.query('ANALYZE issues; ANALYZE events; ANALYZE transactions');
    const {
      rows: [{ n }],
    } = await sql.query(`SELECT count(*)::int AS n FROM issues WHERE project_id = $1`, [projectId]);
    console.log(
      `seeded ${n.toLocaleString('en-US')} issues, 50 events and ${TRANSACTIONS.toLocaleString('en-US')} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await sql.end();

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext();
    await context.addCookies([{ name: 'session', value: session, url: base }]);
    const page = await context.newPage();
    const issuesUrl = `${base}/projects/${projectId}/issues`;
    const issueUrl = `${issuesUrl}/${top.id}`;
    const transactionUrl = `${base}/projects/${projectId}/performance/${encodeURIComponent(TX_NAME)}`;
    const TX_SELECTORS = ['[data-testid="stat-count"]', '[data-testid="duration-chart"] .recharts-line'];

    // From navigation start (the browser's own clock) to the moment the element is visible.
    const measure = async (url: string, selectors: string[]) => {
      await page.goto('about:blank');
      t0 = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      // Polled on every animation frame inside the page: the in-page clock starts at navigation start.
      const handle = await page.waitForFunction(
        (sels: string[]) =>
          sels.every((s) => (document.querySelector(s)?.getBoundingClientRect().height ?? 0) > 0) && performance.now(),
        selectors,
        { polling: 'raf', timeout: 30_000 },
      );
      const wall = performance.now() - t0;
      const inPage = (await handle.jsonValue()) as number;
      return { wall, inPage };
    };

    const listRuns: number[] = [];
    const detailRuns: number[] = [];
    const listWall: number[] = [];
    const detailWall: number[] = [];
    const txRuns: number[] = [];
    const txWall: number[] = [];
    // One warm-up of each (the first load compiles nothing in production, but fills the HTTP cache like a returning user).
    await measure(issuesUrl, ['[data-testid="issue-row"]']);
    await measure(issueUrl, ['[data-testid="issue-title"]', '[data-testid="stack-trace"]']);
    await measure(transactionUrl, TX_SELECTORS);
    for (let i = 0; i < RUNS; i++) {
      const a = await measure(issuesUrl, ['[data-testid="issue-row"]']);
      listRuns.push(a.inPage);
      listWall.push(a.wall);
      const b = await measure(issueUrl, ['[data-testid="issue-title"]', '[data-testid="stack-trace"]']);
      detailRuns.push(b.inPage);
      detailWall.push(b.wall);
      const c = await measure(transactionUrl, TX_SELECTORS);
      txRuns.push(c.inPage);
      txWall.push(c.wall);
    }
    const cold = await browser.newContext();
    await cold.addCookies([{ name: 'session', value: session, url: base }]);
    const coldPage = await cold.newPage();
    t0 = performance.now();
    await coldPage.goto(issuesUrl, { waitUntil: 'commit' });
    await coldPage.locator('[data-testid="issue-row"]').first().waitFor({ state: 'visible' });
    const coldList = performance.now() - t0;

    console.log(
      `\n${ISSUES.toLocaleString('en-US')} issues, ${RUNS} runs each, Chromium headless, production build on localhost`,
    );
    report('issue list: first row visible (navigation)', listRuns);
    report('issue detail: title + stack trace (navigation)', detailRuns);
    report('transaction page: figures + chart (navigation)', txRuns);
    report('issue list: first row visible (wall clock)', listWall);
    report('issue detail: title + stack trace (wall clock)', detailWall);
    report('transaction page: figures + chart (wall clock)', txWall);
    console.log(`${'issue list, cold browser cache (wall clock)'.padEnd(48)} ${coldList.toFixed(0).padStart(12)} ms`);
  } finally {
    await browser?.close().catch(() => {});
    await stopServer();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
