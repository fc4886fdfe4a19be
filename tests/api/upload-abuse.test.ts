// #27: uploads cannot exhaust memory or stall the event loop. Each attack goes through HTTP (the route handlers),
// with the server's memory and event-loop delay measured around it: they run in this process.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { mapCacheStats } from '@/lib/sourcemaps/symbolicate';
import { sha1 } from '@/lib/sourcemaps/upload-chunks';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { createToken, TokenClient } from '../support/tokens';
import { send } from './ingest-helpers';
import { deflatedZeros, zipOf } from '../support/zip-bombs';

const MB = 1024 * 1024;
let owner: TestClient;
let orgSlug: string;
let project: Awaited<ReturnType<typeof createProject>>;
let ci: TestClient;

beforeAll(async () => {
  const o = await signUp({ name: 'Upload abuse' });
  owner = o.client;
  await setPlan(o.orgId, 'PRO');
  project = await createProject(owner, 'Targets');
  orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: o.orgId } })).slug;
  ci = new TokenClient((await createToken(owner, ['releases'])).token);
});

/** Runs `attack` and reports how much the process's RSS grew and the longest the event loop was blocked. */
async function measured<T>(attack: () => Promise<T>): Promise<{ result: T; rssGrowthMb: number; maxStallMs: number }> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    const result = await attack();
    return { result, rssGrowthMb: (peak - rssBefore) / MB, maxStallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
}

async function postForm(client: TestClient, path: string, form: FormData) {
  const body = new Response(form);
  return client.post(path, new Uint8Array(await body.arrayBuffer()), {
    headers: { 'content-type': body.headers.get('content-type')! },
  });
}

describe('uploads with memory and CPU bounded by construction', () => {
  it('a chunk upload of 120 gzip bombs is refused for its count before any part is inflated', async () => {
    // Each part inflates to a whole chunk (8 MiB): 120 of them would be almost a gigabyte.
    const bomb = new Uint8Array(zlib.gzipSync(Buffer.alloc(8 * MB), { level: 9 }));
    const form = new FormData();
    for (let i = 0; i < 120; i++) form.append('file_gzip', new Blob([bomb]), `${i}`.padStart(40, '0'));
    const { result: res, rssGrowthMb } = await measured(() =>
      postForm(ci, `/api/0/organizations/${orgSlug}/chunk-upload/`, form),
    );
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, status: 'failed', message: 'At most 4 chunks per request' },
    ]);
    expect(rssGrowthMb).toBeLessThan(50);
    expect(await db.uploadChunk.count()).toBe(0);
  });

  it('an artifact bundle that declares 100 bytes per entry and inflates far past the budget: state error, quickly, memory bounded, the event loop free', async () => {
    const deflated = await deflatedZeros(512);
    const zip = zipOf(
      [
        { name: 'manifest.json', data: zlib.deflateRawSync('{"files":{}}') },
        { name: 'files/_/_/a.js', data: deflated },
      ],
      () => 100,
    );
    const checksum = sha1(zip);
    const form = new FormData();
    form.append('file_gzip', new Blob([new Uint8Array(zlib.gzipSync(zip))]), checksum);
    const up = await postForm(ci, `/api/0/organizations/${orgSlug}/chunk-upload/`, form);
    expect(up.status, up.text).toBe(200);
    const started = Date.now();
    const {
      result: res,
      rssGrowthMb,
      maxStallMs,
    } = await measured(() =>
      ci.post(`/api/0/organizations/${orgSlug}/artifactbundle/assemble/`, {
        checksum,
        chunks: [checksum],
        projects: [project.slug],
        version: 'bomb-1',
      }),
    );
    expect(res.body).toEqual({
      state: 'error',
      missingChunks: [],
      detail: 'files/_/_/a.js is larger than 16777216 bytes once inflated',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(rssGrowthMb).toBeLessThan(100);
    // Inflating runs on zlib's thread pool: the event loop stays free (bench:abuse times /api/health meanwhile).
    expect(maxStallMs).toBeLessThan(1_000);
  });

  it('a bundle of many entries under the per-file cap stops at the whole bundle’s budget', async () => {
    const tenMb = await deflatedZeros(10);
    const zip = zipOf(
      [
        { name: 'manifest.json', data: zlib.deflateRawSync('{"files":{}}') },
        ...Array.from({ length: 12 }, (_, i) => ({ name: `files/_/_/${i}.js`, data: tenMb })),
      ],
      () => 100,
    );
    const checksum = sha1(zip);
    const form = new FormData();
    form.append('file_gzip', new Blob([new Uint8Array(zlib.gzipSync(zip))]), checksum);
    expect((await postForm(ci, `/api/0/organizations/${orgSlug}/chunk-upload/`, form)).status).toBe(200);
    const res = await ci.post(`/api/0/organizations/${orgSlug}/artifactbundle/assemble/`, {
      checksum,
      chunks: [checksum],
      projects: [project.slug],
      version: 'bomb-2',
    });
    expect(res.body).toEqual({ state: 'error', missingChunks: [], detail: 'The bundle inflates past 67108864 bytes' });
  });

  it('a 16 MB map of empty lines is refused at upload (it would decode to about a gigabyte), memory flat', async () => {
    await ci.post(`/api/v1/projects/${project.id}/releases`, { version: 'degenerate-1' });
    const map = JSON.stringify({ version: 3, sources: ['a.js'], names: [], mappings: ';'.repeat(16 * MB - 100) });
    const form = new FormData();
    form.append('url', '~/static/app.js.map');
    form.append('file', new Blob([map]), 'app.js.map');
    const {
      result: res,
      rssGrowthMb,
      maxStallMs,
    } = await measured(() => postForm(ci, `/api/v1/projects/${project.id}/releases/degenerate-1/files`, form));
    expect([res.status, res.body.message]).toEqual([400, 'Source map has more than 500,000 lines']);
    // The body itself (16 MB) is read and parsed; decoded, the map would have taken about a gigabyte.
    expect(rssGrowthMb).toBeLessThan(150);
    expect(maxStallMs).toBeLessThan(1_000);
  });

  it('the symbolication cache counts a map by what it takes decoded, not its JSON', async () => {
    await ci.post(`/api/v1/projects/${project.id}/releases`, { version: 'cache-1' });
    // 20,000 lines of 20 segments: small JSON, large once decoded.
    const mappings = Array.from({ length: 20_000 }, () => Array(20).fill('AAAA').join(',')).join(';');
    const json = JSON.stringify({ version: 3, sources: ['src/app.js'], names: [], mappings });
    const form = new FormData();
    form.append('url', '~/static/cached.js.map');
    form.append('file', new Blob([json]), 'cached.js.map');
    expect((await postForm(ci, `/api/v1/projects/${project.id}/releases/cache-1/files`, form)).status).toBe(201);
    const before = mapCacheStats().bytes;
    const res = await send({
      client: owner,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: {
        exception: {
          type: 'Error',
          value: 'x',
          stacktrace: {
            frames: [
              {
                filename: 'https://x.example/static/cached.js',
                abs_path: 'https://x.example/static/cached.js',
                lineno: 1,
                colno: 1,
              },
            ],
          },
        },
        release: 'cache-1',
      },
    });
    expect(res.status).toBe(200);
    const counted = mapCacheStats().bytes - before;
    // 20,000 lines and 400,000 segments at their estimated sizes, plus the text: far more than the JSON's ~2 MB.
    expect(counted).toBeGreaterThanOrEqual(20_000 * 48 + 400_000 * 80);
    expect(counted).toBeGreaterThan(json.length * 10);
  });
});
