// Every Content-Encoding the Sentry SDKs and Relay send (#28): none, gzip, deflate, br (sentry-python 2.x when
// `brotli` is importable) and zstd, each under the same 1 MiB decompressed cap, checked while inflating.
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const T = Math.floor(Date.now() / 1000) - 60;

function sentryEnvelope(eventId: string): string {
  const event = {
    event_id: eventId,
    timestamp: T,
    platform: 'python',
    level: 'error',
    exception: {
      values: [
        {
          type: 'KeyError',
          value: "'total'",
          stacktrace: { frames: [{ filename: 'shop/cart.py', function: 'checkout', lineno: 42, in_app: true }] },
        },
      ],
    },
    tags: { region: 'eu' },
  };
  return [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** zstd from Debian's `zstd` (Node 20's zlib has none). */
const zstd = (input: Buffer, level = 3) =>
  execFileSync('zstd', [`-${level}`, '-q', '-c'], { input, maxBuffer: 64 * 1024 * 1024 });

const ENCODINGS: Record<string, (b: Buffer) => Buffer> = {
  identity: (b) => b,
  gzip: (b) => zlib.gzipSync(b),
  deflate: (b) => zlib.deflateSync(b),
  br: (b) => zlib.brotliCompressSync(b),
  zstd: (b) => zstd(b),
};

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Encodings');
  return {
    ...s,
    project,
    auth: { 'x-sentry-auth': `Sentry sentry_key=${project.keys[0].publicKey}, sentry_version=7` },
  };
}

describe('Content-Encoding on the Sentry envelope endpoint', () => {
  it('the same envelope sent five ways is read back as five identical events', async () => {
    const s = await setup();
    const ids = Object.keys(ENCODINGS).map((_, i) => `${i + 1}`.repeat(32).slice(0, 32));
    for (const [i, [encoding, compress]] of Object.entries(ENCODINGS).entries()) {
      const body = new Uint8Array(compress(Buffer.from(sentryEnvelope(ids[i]))));
      const res = await s.client.post(`/api/${s.project.number}/envelope/`, body, {
        headers: { ...s.auth, 'content-encoding': encoding },
      });
      expect([encoding, res.status, res.body]).toEqual([encoding, 200, { id: ids[i] }]);
    }
    const issues = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    expect(issues.map((i: { title: string; eventCount: number }) => [i.title, i.eventCount])).toEqual([
      ["KeyError: 'total'", 5],
    ]);
    const events = (await s.client.get(`/api/v1/projects/${s.project.id}/issues/${issues[0].id}/events`)).body.data
      .events;
    const comparable = events.map(({ id, eventId, receivedAt, ...rest }: Record<string, unknown>) => rest);
    expect(events.map((e: { eventId: string }) => e.eventId).sort()).toEqual([...ids].sort());
    expect(comparable).toHaveLength(5);
    for (const e of comparable) expect(e).toEqual(comparable[0]);
  });

  it.each([
    ['br', () => brotliZeros(1024)],
    ['zstd', async () => zstdZeros(1024)],
    ['gzip', async () => zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024))],
  ])('%s expanding to a gigabyte (or gzip to 64 MiB) is 413, with memory flat', async (encoding, make) => {
    const s = await setup();
    const bomb = await make();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const res = await s.client.post(`/api/${s.project.number}/envelope/`, new Uint8Array(bomb), {
      headers: { ...s.auth, 'content-encoding': encoding },
    });
    expect([res.status, res.body]).toEqual([
      413,
      { statusCode: 413, status: 'failed', message: 'Request body too large (limit 1 MiB)' },
    ]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('a corrupt br or zstd body is 400; an encoding nobody sends is 415 naming the ones we take', async () => {
    const s = await setup();
    for (const encoding of ['br', 'zstd']) {
      const res = await s.client.post(`/api/${s.project.number}/envelope/`, 'not compressed at all', {
        headers: { ...s.auth, 'content-encoding': encoding },
      });
      expect([encoding, res.status, res.body.error]).toEqual([
        encoding,
        400,
        [{ path: [], message: 'Body is not valid compressed data' }],
      ]);
    }
    const res = await s.client.post(`/api/${s.project.number}/envelope/`, 'x', {
      headers: { ...s.auth, 'content-encoding': 'compress' },
    });
    expect([res.status, res.body.message]).toEqual([
      415,
      'Unsupported Content-Encoding (use gzip, deflate, br or zstd)',
    ]);
  });

  it('the native endpoint takes br and zstd too', async () => {
    const s = await setup();
    const body = Buffer.from(
      JSON.stringify({
        exception: { type: 'E', value: 'v', stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] } },
      }),
    );
    for (const [encoding, compress] of [
      ['br', zlib.brotliCompressSync],
      ['zstd', zstd],
    ] as const) {
      const res = await s.client.post(`/api/v1/ingest/${s.project.id}/envelope`, new Uint8Array(compress(body)), {
        headers: { 'x-ingest-auth': `ingest_key=${s.project.keys[0].publicKey}`, 'content-encoding': encoding },
      });
      expect([encoding, res.status]).toEqual([encoding, 200]);
    }
  });
});

/** `mib` MiB of zeros as one brotli stream, compressed chunk by chunk (the input never exists whole). */
async function brotliZeros(mib: number): Promise<Buffer> {
  const enc = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  const out: Buffer[] = [];
  enc.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => enc.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mib; i++) if (!enc.write(zeros)) await new Promise((r) => enc.once('drain', r));
  enc.end();
  await done;
  return Buffer.concat(out);
}

/** `mib` MiB of zeros as zstd, from Debian's `zstd` reading /dev/zero. */
function zstdZeros(mib: number): Buffer {
  return execFileSync('sh', ['-c', `head -c ${mib}M /dev/zero | zstd -1 -q -c`], { maxBuffer: 16 * 1024 * 1024 });
}
