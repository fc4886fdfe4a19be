// Abuse resistance: `npm run bench:abuse`. Loopback only, bounded in bytes and time.
// Starts the service (production build in .next-bench) and prints, for each non-ingest route, the server's peak
// RSS while a client streams a 1 GB body at it (no Content-Length) and the RSS a few seconds later; then how
// many of 200 parallel wrong logins for one account were answered 401 (password checked) before 429.
import http from 'node:http';
import fs from 'node:fs';
import { serverRssMiB } from './support/rss';
import { log, runBench, startService, type Service } from './support/service';

const GB = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x20);
const PER_ROUTE_TIMEOUT_MS = 60_000;
const BURST = 200;

type BigPost = { status: number | string; sentMiB: number; peakMiB: number; seconds: number };

/** Streams up to 1 GB to `path`, stopping as soon as the server answers; samples the server's RSS meanwhile. */
function postHuge(svc: Service, method: string, path: string, headers: Record<string, string>): Promise<BigPost> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let peak = 0;
    let done = false;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMiB(svc.child.pid!))), 50);
    const finish = (status: number | string) => {
      if (done) return;
      done = true;
      clearInterval(sampler);
      clearTimeout(timer);
      req.destroy();
      resolve({
        status,
        sentMiB: sent / (1024 * 1024),
        peakMiB: Math.max(peak, serverRssMiB(svc.child.pid!)),
        seconds: (performance.now() - started) / 1000,
      });
    };
    const req = http.request({
      host: '127.0.0.1',
      port: svc.port,
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on('error', (err) => finish(`error: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    const timer = setTimeout(() => finish('timeout'), PER_ROUTE_TIMEOUT_MS);
    const pump = () => {
      while (!done && sent < GB) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

async function settle(svc: Service, ms: number): Promise<number> {
  await new Promise((r) => setTimeout(r, ms));
  if (global.gc) global.gc();
  return serverRssMiB(svc.child.pid!);
}

let started: Service | undefined;

async function main() {
  const svc = (started = await startService({ distDir: '.next-bench' }));
  const project = await fetch(`${svc.base}/api/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: svc.cookie },
    body: JSON.stringify({ name: 'Abuse' }),
  }).then((r) => r.json() as Promise<{ data: { id: string } }>);

  const routes: [string, string, string, Record<string, string>][] = [
    ['login', 'POST', '/api/v1/auth/login', {}],
    ['register', 'POST', '/api/v1/auth/register', {}],
    ['verify-otp', 'POST', '/api/v1/auth/verify-otp', {}],
    ['send-otp', 'POST', '/api/v1/auth/send-otp', {}],
    ['forgot-password', 'POST', '/api/v1/auth/forgot-password', {}],
    ['reset-password', 'POST', '/api/v1/auth/reset-password', {}],
    ['create project (signed in)', 'POST', '/api/v1/projects', { cookie: svc.cookie }],
    ['rename project (signed in)', 'PATCH', `/api/v1/projects/${project.data.id}`, { cookie: svc.cookie }],
    ['Stripe webhook', 'POST', '/api/webhooks/stripe', { 'stripe-signature': 't=1,v1=00' }],
    [
      'next-auth sign-in form',
      'POST',
      '/api/auth/signin/github',
      { 'content-type': 'application/x-www-form-urlencoded' },
    ],
  ];

  // Warm every route once so first-compile memory is not counted against the cap.
  for (const [, method, path, headers] of routes) {
    await fetch(svc.base + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    }).then((r) => r.arrayBuffer());
  }
  const idle = await settle(svc, 2000);
  log(`server RSS at idle: ${idle.toFixed(0)} MiB`);

  console.log('');
  console.log(
    `${'route'.padEnd(28)} ${'answer'.padStart(8)} ${'sent'.padStart(10)} ${'peak RSS'.padStart(10)} ${'above idle'.padStart(11)} ${'after 3 s'.padStart(10)}`,
  );
  let worstAbove = 0;
  let worstAfter = 0;
  for (const [label, method, path, headers] of routes) {
    const before = await settle(svc, 500);
    const r = await postHuge(svc, method, path, headers);
    const after = await settle(svc, 3000);
    worstAbove = Math.max(worstAbove, r.peakMiB - idle);
    worstAfter = Math.max(worstAfter, after - idle);
    console.log(
      `${label.padEnd(28)} ${String(r.status).padStart(8)} ${`${r.sentMiB.toFixed(0)} MiB`.padStart(10)} ${`${r.peakMiB.toFixed(0)} MiB`.padStart(10)} ` +
        `${`${(r.peakMiB - idle).toFixed(0)} MiB`.padStart(11)} ${`${after.toFixed(0)} MiB`.padStart(10)}   (RSS before ${before.toFixed(0)} MiB, ${r.seconds.toFixed(1)} s)`,
    );
  }
  console.log(
    `worst peak above idle: ${worstAbove.toFixed(0)} MiB (target < 100 MiB): ${worstAbove < 100 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `worst RSS 3 s later above idle: ${worstAfter.toFixed(0)} MiB (target: back near idle, < 50 MiB): ${worstAfter < 50 ? 'MET' : 'NOT MET'}`,
  );

  console.log('');
  const statuses = await Promise.all(
    Array.from({ length: BURST }, () =>
      fetch(`${svc.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: svc.email, password: 'a wrong password' }),
      }).then((r) => r.status),
    ),
  );
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const checked = count(401);
  console.log(
    `${BURST} parallel wrong logins for one account from one address: ${checked} × 401 (password checked), ${count(429)} × 429, other ${BURST - checked - count(429)}`,
  );
  console.log(`target (401s <= the per-email-and-address limit of 5): ${checked <= 5 ? 'MET' : 'NOT MET'}`);
}

runBench(main, () => started && fs.rmSync(started.dataDir, { recursive: true, force: true }));
