// Upload attacks (#27), part of `npm run bench:abuse`. Loopback only, bounded in bytes and time.
// Starts the service (production build in .next-bench) and, for each attack, samples the server's RSS and times a
// GET /api/health every 20 ms while it runs: a chunk upload of 4,000 gzip-bomb parts, an artifact bundle whose one
// entry declares 100 bytes and inflates to 2 GiB, and ten 16 MB source maps of empty lines followed by events whose
// frames point at them. Prints idle RSS, the peak above it and the slowest health answer per attack.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { sha1 } from '@/lib/sourcemaps/upload-chunks';
import { deflatedZeros, zipOf } from '../tests/support/zip-bombs';
import { serverRssMiB } from './support/rss';
import { api, log, runBench, startService, type Service } from './support/service';

const MB = 1024 * 1024;

type Sample = { beforeMiB: number; peakMiB: number; slowestHealthMs: number; healthChecks: number };

// The sampler runs on its own thread, so what the bench process does to send an attack (building a 32 MB form)
// never delays a health check: the latency measured is the server's.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const serverRssMiB = ${serverRssMiB.toString()};
let peak = serverRssMiB(workerData.pid), slowest = 0, checks = 0, running = true;
const rss = setInterval(() => (peak = Math.max(peak, serverRssMiB(workerData.pid))), 20);
parentPort.on('message', () => (running = false));
(async () => {
  // One untimed check first: a new thread's first fetch pays for setting up its client, which is not the server's.
  await fetch(workerData.base + '/api/health').then((r) => r.arrayBuffer());
  parentPort.postMessage('ready');
  while (running) {
    const t0 = performance.now();
    await fetch(workerData.base + '/api/health').then((r) => r.arrayBuffer());
    slowest = Math.max(slowest, performance.now() - t0);
    checks++;
    await new Promise((r) => setTimeout(r, 20));
  }
  clearInterval(rss);
  parentPort.postMessage({ peak, slowest, checks });
})();
`;

/**
 * Runs `attack` while a sampler thread samples the server's RSS and times /api/health every 20 ms. The RSS it
 * reports is against the server's own right before (after a pause, so what an earlier attack left is not counted).
 */
async function during<T>(svc: Service, attack: () => Promise<T>): Promise<{ result: T } & Sample> {
  await new Promise((r) => setTimeout(r, 3_000));
  const before = serverRssMiB(svc.child.pid!);
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { base: svc.base, pid: svc.child.pid! } });
  await new Promise((resolve) => sampler.once('message', resolve));
  const done = new Promise<{ peak: number; slowest: number; checks: number }>((resolve) =>
    sampler.once('message', resolve),
  );
  try {
    const result = await attack();
    sampler.postMessage('stop');
    const s = await done;
    return {
      result,
      beforeMiB: before,
      peakMiB: Math.max(before, s.peak),
      slowestHealthMs: s.slowest,
      healthChecks: s.checks,
    };
  } finally {
    await sampler.terminate();
  }
}

async function postForm(
  svc: Service,
  path: string,
  form: FormData,
  token: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(svc.base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, text: await res.text() };
}

let started: Service | undefined;

async function main() {
  const svc = (started = await startService({ distDir: '.next-bench' }));
  const project = (
    await api({
      base: svc.base,
      method: 'POST',
      path: '/api/v1/projects',
      body: { name: 'Uploads' },
      cookie: svc.cookie,
    })
  ).json.data as { id: string; slug: string; keys: { publicKey: string }[] };
  const token = (
    await api({
      base: svc.base,
      method: 'POST',
      path: '/api/v1/organization/tokens',
      body: { name: 'bench', scopes: ['releases'] },
      cookie: svc.cookie,
    })
  ).json.data.token as string;
  const slug = (await api({ base: svc.base, method: 'GET', path: '/api/v1/auth/me', cookie: svc.cookie })).json.data
    .organization.slug as string;
  const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Warm the routes the attacks use.
  await fetch(`${svc.base}/api/health`);
  await fetch(`${svc.base}/api/0/organizations/${slug}/chunk-upload/`, { headers: bearer });
  await new Promise((r) => setTimeout(r, 2000));
  global.gc?.();
  const idle = serverRssMiB(svc.child.pid!);
  log(`server RSS at idle: ${idle.toFixed(0)} MiB`);

  const rows: [string, string, Sample][] = [];

  // 1. 4,000 parts, each gzip inflating to a whole chunk (8 MiB): 32 GiB if inflated.
  const bomb = new Uint8Array(zlib.gzipSync(Buffer.alloc(8 * MB), { level: 9 }));
  const chunkForm = new FormData();
  for (let i = 0; i < 4000; i++) chunkForm.append('file_gzip', new Blob([bomb]), `${i}`.padStart(40, '0'));
  const a = await during(svc, () => postForm(svc, `/api/0/organizations/${slug}/chunk-upload/`, chunkForm, token));
  rows.push(['chunk upload, 4,000 gzip bombs', `${a.result.status} ${a.result.text.slice(0, 60)}`, a]);

  // 2. A bundle whose entry declares 100 bytes and inflates to 2 GiB.
  log('deflating 2 GiB of zeros for the bundle…');
  const zip = zipOf(
    [
      { name: 'manifest.json', data: zlib.deflateRawSync('{"files":{}}') },
      { name: 'files/_/_/app.js', data: await deflatedZeros(2048) },
    ],
    () => 100,
  );
  const checksum = sha1(zip);
  const bundleForm = new FormData();
  bundleForm.append('file_gzip', new Blob([new Uint8Array(zlib.gzipSync(zip))]), checksum);
  const up = await postForm(svc, `/api/0/organizations/${slug}/chunk-upload/`, bundleForm, token);
  if (up.status !== 200) throw new Error(`bundle chunk upload: ${up.status} ${up.text}`);
  const b = await during(svc, async () => {
    const res = await fetch(`${svc.base}/api/0/organizations/${slug}/artifactbundle/assemble/`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ checksum, chunks: [checksum], projects: [project.slug], version: 'bomb' }),
    });
    return { status: res.status, text: await res.text() };
  });
  rows.push(['bundle inflating to 2 GiB', `${b.result.status} ${b.result.text.slice(0, 80)}`, b]);

  // 3. Ten 16 MB maps of empty lines, then events whose frames use them.
  await api({
    base: svc.base,
    method: 'POST',
    path: `/api/v1/projects/${project.id}/releases`,
    body: { version: 'degenerate' },
    cookie: svc.cookie,
  });
  const degenerate = JSON.stringify({ version: 3, sources: ['a.js'], names: [], mappings: ';'.repeat(16 * MB - 100) });
  const c = await during(svc, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const form = new FormData();
      form.append('url', `~/static/m${i}.js.map`);
      form.append('file', new Blob([degenerate]), `m${i}.js.map`);
      statuses.push(
        (await postForm(svc, `/api/v1/projects/${project.id}/releases/degenerate/files`, form, token)).status,
      );
    }
    for (let i = 0; i < 10; i++) {
      const frame = {
        filename: `https://x.example/static/m${i}.js`,
        abs_path: `https://x.example/static/m${i}.js`,
        lineno: 100_000,
        colno: 1,
      };
      const res = await fetch(`${svc.base}/api/v1/ingest/${project.id}/envelope`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-auth': `ingest_key=${project.keys[0].publicKey}` },
        body: JSON.stringify({
          exception: { type: 'Error', value: `e${i}`, stacktrace: { frames: [frame] } },
          release: 'degenerate',
        }),
      });
      statuses.push(res.status);
    }
    return { status: statuses.join(','), text: '' };
  });
  rows.push(['ten 16 MB degenerate maps + events', String(c.result.status), c]);

  console.log('');
  console.log(
    `${'attack'.padEnd(36)} ${'RSS before'.padStart(11)} ${'peak above it'.padStart(14)} ${'slowest /api/health'.padStart(20)}   answer`,
  );
  let worstRss = 0;
  let worstHealth = 0;
  for (const [label, answer, s] of rows) {
    worstRss = Math.max(worstRss, s.peakMiB - s.beforeMiB);
    worstHealth = Math.max(worstHealth, s.slowestHealthMs);
    console.log(
      `${label.padEnd(36)} ${`${s.beforeMiB.toFixed(0)} MiB`.padStart(11)} ${`${(s.peakMiB - s.beforeMiB).toFixed(0)} MiB`.padStart(14)} ${`${s.slowestHealthMs.toFixed(0)} ms`.padStart(20)}   ${answer} (${s.healthChecks} health checks)`,
    );
  }
  console.log(
    `worst RSS above the server's own before the attack: ${worstRss.toFixed(0)} MiB (target < 100 MiB): ${worstRss < 100 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `slowest /api/health during an attack: ${worstHealth.toFixed(0)} ms (target < 100 ms): ${worstHealth < 100 ? 'MET' : 'NOT MET'}`,
  );
}

runBench(main, () => started && fs.rmSync(started.dataDir, { recursive: true, force: true }));
