import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliWindow, decodeBody, MAX_BODY_BYTES, MAX_WINDOW, readZstdFrames } from './decode-body';

const MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
const le = (n: number, bytes: number) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntLE(n, 0, Math.min(bytes, 6));
  return b;
};
/** A block: raw (type 0) carries its bytes, RLE (type 1) one byte repeated `size` times. */
const raw = (data: string, last = true) =>
  Buffer.concat([le((Buffer.byteLength(data) << 3) | (last ? 1 : 0), 3), Buffer.from(data)]);
const rle = (size: number, last: boolean) =>
  Buffer.concat([le((size << 3) | (1 << 1) | (last ? 1 : 0), 3), Buffer.from('x')]);
/** Window_Descriptor for 2^(10 + exponent) + mantissa eighths of it. */
const windowDescriptor = (exponent: number, mantissa = 0) => Buffer.from([(exponent << 3) | mantissa]);

/** A frame with a window and no declared size (what a streaming compressor writes). */
const windowed = (descriptor: Buffer, ...blocks: Buffer[]) =>
  Buffer.concat([MAGIC, Buffer.from([0x00]), descriptor, ...blocks]);
/** A single-segment frame declaring its content size in 8 bytes. */
const sized = (contentSize: bigint, ...blocks: Buffer[]) => {
  const fcs = Buffer.alloc(8);
  fcs.writeBigUInt64LE(contentSize);
  return Buffer.concat([MAGIC, Buffer.from([0xe0]), fcs, ...blocks]);
};
const skippable = (data: string) =>
  Buffer.concat([le(0x184d2a53, 4), le(Buffer.byteLength(data), 4), Buffer.from(data)]);

/** The 70-byte bomb of #43: a 1.875 GiB window, then sixteen RLE blocks of 128 KiB. */
const hugeWindowBomb = windowed(
  windowDescriptor(20, 7),
  ...Array.from({ length: 16 }, (_, i) => rle(128 * 1024, i === 15)),
);

const zstdCli = (input: Buffer, args: string[]) => execFileSync('zstd', [...args, '-q', '-c'], { input });

describe('readZstdFrames', () => {
  it.each([
    [
      'the zstd CLI streaming (level 3, size unknown)',
      zstdCli(Buffer.from('{"a":1}'), ['-3']),
      { frames: 1, maxWindow: 2 * 1024 * 1024, totalWindow: 2 * 1024 * 1024, declaredContent: 0 },
    ],
    [
      'the zstd CLI at level 19',
      zstdCli(Buffer.from('{"a":1}'), ['-19']),
      { frames: 1, maxWindow: 8 * 1024 * 1024, totalWindow: 8 * 1024 * 1024, declaredContent: 0 },
    ],
    [
      'a single-segment frame (window = content size)',
      sized(5n, raw('hello')),
      { frames: 1, maxWindow: 5, totalWindow: 5, declaredContent: 5 },
    ],
    [
      'the 70-byte bomb',
      hugeWindowBomb,
      { frames: 1, maxWindow: 1.875 * 2 ** 30, totalWindow: 1.875 * 2 ** 30, declaredContent: 0 },
    ],
    [
      'a declared size of 2^40',
      sized(2n ** 40n, raw('x')),
      { frames: 1, maxWindow: 2 ** 40, totalWindow: 2 ** 40, declaredContent: 2 ** 40 },
    ],
    [
      'a skippable frame, then two frames',
      Buffer.concat([skippable('meta'), sized(2n, raw('ab')), windowed(windowDescriptor(0), raw('c'))]),
      { frames: 2, maxWindow: 1024, totalWindow: 1026, declaredContent: 2 },
    ],
    ['no frames at all', Buffer.alloc(0), { frames: 0, maxWindow: 0, totalWindow: 0, declaredContent: 0 }],
  ])('%s', (_name, body, expected) => {
    expect(body.length).toBeLessThan(200);
    expect(readZstdFrames(body)).toEqual(expected);
  });

  it('reads every frame size encoding: 1 byte, 2 bytes (+256), 4 bytes', () => {
    const header = (descriptor: number, fcs: Buffer) => Buffer.concat([MAGIC, Buffer.from([descriptor]), fcs, raw('')]);
    expect(readZstdFrames(header(0x20, Buffer.from([200])))?.declaredContent).toBe(200);
    expect(readZstdFrames(header(0x60, le(1000, 2)))?.declaredContent).toBe(1256);
    expect(readZstdFrames(header(0xa0, le(70_000, 4)))?.declaredContent).toBe(70_000);
    // With a 4-byte dictionary id before the size.
    expect(readZstdFrames(header(0xa3, Buffer.concat([le(7, 4), le(70_000, 4)])))?.declaredContent).toBe(70_000);
  });

  it.each([
    ['not zstd', Buffer.from('not compressed at all')],
    ['a magic number only', MAGIC],
    ['the reserved descriptor bit set', Buffer.concat([MAGIC, Buffer.from([0x08, 0x00]), raw('x')])],
    ['a header cut short', Buffer.concat([MAGIC, Buffer.from([0xe0]), Buffer.alloc(4)])],
    [
      'the reserved block type',
      Buffer.concat([MAGIC, Buffer.from([0x00, 0x00]), le((1 << 3) | (3 << 1) | 1, 3), Buffer.from('x')]),
    ],
    ['a block longer than the body', windowed(windowDescriptor(0), le((100 << 3) | 1, 3), Buffer.from('short'))],
    ['no last block', windowed(windowDescriptor(0), raw('x', false))],
    ['a checksum cut short', Buffer.concat([MAGIC, Buffer.from([0x04, 0x00]), raw('x'), Buffer.from([1, 2])])],
    ['a skippable frame longer than the body', Buffer.concat([le(0x184d2a50, 4), le(1000, 4), Buffer.from('x')])],
  ])('%s → not frames, and decodeBody says corrupt', async (_name, body) => {
    expect(readZstdFrames(body)).toBeNull();
    expect(await decodeBody(body, 'zstd')).toEqual({ ok: false, reason: 'corrupt' });
  });
});

describe('decodeBody', () => {
  it('decodes the zstd CLI (2 and 8 MiB windows), concatenated frames and skippable frames', async () => {
    const json = Buffer.from(JSON.stringify({ a: 'b'.repeat(5000) }));
    for (const level of ['-3', '-19'])
      expect(await decodeBody(zstdCli(json, [level]), 'zstd')).toEqual({ ok: true, body: json });
    const concatenated = Buffer.concat([
      skippable('meta'),
      sized(5n, raw('hello')),
      windowed(windowDescriptor(0), raw(' world')),
    ]);
    expect(await decodeBody(concatenated, 'zstd')).toEqual({ ok: true, body: Buffer.from('hello world') });
  });

  it.each([
    ['the 1.875 GiB window', hugeWindowBomb],
    ['a window one step past 8 MiB', windowed(windowDescriptor(13, 1), raw('x'))],
    ['a declared content size of 2^40', sized(2n ** 40n, raw('x'))],
    ['a declared content size one byte past the cap', sized(BigInt(MAX_BODY_BYTES + 1), raw('x'))],
    [
      'two frames declaring 600 KiB each',
      Buffer.concat([sized(600n * 1024n, raw('x')), sized(600n * 1024n, raw('y'))]),
    ],
    [
      'five frames of 8 MiB windows',
      Buffer.concat(Array.from({ length: 5 }, () => windowed(windowDescriptor(13), raw('x')))),
    ],
    [
      'RLE blocks past the cap',
      windowed(windowDescriptor(10), ...Array.from({ length: 9 }, (_, i) => rle(128 * 1024, i === 8))),
    ],
  ])('zstd: %s → too_large, with memory flat', async (_name, body) => {
    const before = process.memoryUsage().rss;
    expect(await decodeBody(body, 'zstd')).toEqual({ ok: false, reason: 'too_large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('a window of exactly 8 MiB is taken; the cap raises the window allowed (a 10 MiB envelope)', async () => {
    expect(await decodeBody(windowed(windowDescriptor(13), raw('ok')), 'zstd')).toEqual({
      ok: true,
      body: Buffer.from('ok'),
    });
    const tenMiB = windowed(windowDescriptor(13, 2), raw('ok'));
    expect(readZstdFrames(tenMiB)?.maxWindow).toBe(10 * 1024 * 1024);
    expect(await decodeBody(tenMiB, 'zstd')).toEqual({ ok: false, reason: 'too_large' });
    expect(await decodeBody(tenMiB, 'zstd', 10 * 1024 * 1024)).toEqual({ ok: true, body: Buffer.from('ok') });
    expect(MAX_WINDOW).toBe(8 * 1024 * 1024);
  });

  const br = (input: Buffer, lgwin: number) =>
    zlib.brotliCompressSync(input, {
      params: { [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });

  it.each([
    ['gzip', zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024))],
    ['deflate', zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024))],
    ['br (4 MiB window)', br(Buffer.alloc(64 * 1024 * 1024), 22)],
    ['br (16 MiB window)', br(Buffer.alloc(64 * 1024 * 1024), 24)],
  ])('%s inflating to 64 MiB → too_large, with memory flat', async (name, body) => {
    const before = process.memoryUsage().rss;
    expect(await decodeBody(body, name.split(' ')[0])).toEqual({ ok: false, reason: 'too_large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('br: the window each stream header declares (RFC 7932 §9.1); above 8 MiB refused before decoding, unless the cap is larger', async () => {
    expect([10, 16, 17, 18, 22, 23, 24].map((lgwin) => brotliWindow(br(Buffer.from('{}'), lgwin)))).toEqual(
      [10, 16, 17, 18, 22, 23, 24].map((w) => 2 ** w - 16),
    );
    expect(brotliWindow(Buffer.alloc(0))).toBeNull();
    expect(await decodeBody(br(Buffer.from('{"a":1}'), 23), 'br')).toEqual({ ok: true, body: Buffer.from('{"a":1}') });
    expect(await decodeBody(br(Buffer.from('{"a":1}'), 24), 'br')).toEqual({ ok: false, reason: 'too_large' });
    expect(await decodeBody(br(Buffer.from('{"a":1}'), 24), 'br', 16 * 1024 * 1024)).toEqual({
      ok: true,
      body: Buffer.from('{"a":1}'),
    });
  });

  it('br in large-window mode (a window up to 1 GiB) is refused by node as corrupt', async () => {
    const body = zlib.brotliCompressSync(Buffer.alloc(1024), {
      params: { [zlib.constants.BROTLI_PARAM_LARGE_WINDOW]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 30 },
    });
    expect(await decodeBody(body, 'br')).toEqual({ ok: false, reason: 'corrupt' });
  });
});
