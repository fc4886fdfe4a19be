import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { Decompress as ZstdStream } from 'fzstd';

export const MAX_BODY_BYTES = 1024 * 1024;

// gzip and deflate keep a 32 KiB window, brotli the window its stream declares (node refuses large-window streams,
// so at most 16 MiB); maxOutputLength stops each while inflating.
const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

export type DecodedBody =
  { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unsupported_encoding' | 'corrupt' };

/** The encodings Sentry SDKs and Relay send, for the 415 message. */
export const SUPPORTED_ENCODINGS = 'gzip, deflate, br or zstd';

/**
 * The largest zstd or brotli window taken when the output cap is smaller: RFC 8878 §3.1.1.1.2 asks zstd decoders to
 * support 8 MiB, the zstd CLI streams with a 2 MiB (level 3) to 8 MiB (level 19) window whatever the input's size,
 * and brotli libraries default to 4 MiB. A decoder fills its whole window before it stops at the cap.
 */
export const MAX_WINDOW = 8 * 1024 * 1024;
/** What all of a body's zstd frames may make fzstd allocate for their windows, one after another. */
const ZSTD_WINDOW_BUDGET_FRAMES = 4;

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MAGIC = 0x184d2a50;

/** What the frames of a zstd body declare, read from their headers and block headers without decoding anything. */
export type ZstdFrames = {
  frames: number;
  /** The largest window a frame asks for (its content size when single-segment): what fzstd allocates for it. */
  maxWindow: number;
  /** The sum of those windows: fzstd allocates one per frame. */
  totalWindow: number;
  /** The sum of the content sizes the frames declare (frames that declare none add nothing). */
  declaredContent: number;
};

/** The frames of a zstd body (RFC 8878 §3.1), or null when it is not a well-formed sequence of frames. */
export function readZstdFrames(raw: Uint8Array): ZstdFrames | null {
  const b = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const out: ZstdFrames = { frames: 0, maxWindow: 0, totalWindow: 0, declaredContent: 0 };
  let at = 0;
  while (at < b.length) {
    if (at + 4 > b.length) return null;
    const magic = b.readUInt32LE(at);
    if ((magic & 0xfffffff0) >>> 0 === SKIPPABLE_MAGIC) {
      if (at + 8 > b.length) return null;
      at += 8 + b.readUInt32LE(at + 4);
      if (at > b.length) return null;
      continue;
    }
    if (magic !== ZSTD_MAGIC || at + 5 > b.length) return null;
    const descriptor = b[at + 4];
    const fcsFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    const checksum = (descriptor >> 2) & 1;
    // The reserved bit must be zero.
    if (descriptor & 0x08) return null;
    const dictBytes = [0, 1, 2, 4][descriptor & 3];
    const fcsBytes = [singleSegment, 2, 4, 8][fcsFlag];
    let p = at + 5;
    if (p + (singleSegment ? 0 : 1) + dictBytes + fcsBytes > b.length) return null;
    let window = 0;
    if (!singleSegment) {
      const exponent = b[p] >> 3;
      const base = 2 ** (10 + exponent);
      window = base + (base / 8) * (b[p] & 7);
      p++;
    }
    p += dictBytes;
    let contentSize = 0;
    if (fcsBytes === 1) contentSize = b[p];
    else if (fcsBytes === 2) contentSize = b.readUInt16LE(p) + 256;
    else if (fcsBytes === 4) contentSize = b.readUInt32LE(p);
    else if (fcsBytes === 8) contentSize = Number(b.readBigUInt64LE(p));
    p += fcsBytes;
    if (singleSegment) window = contentSize;
    out.frames++;
    out.maxWindow = Math.max(out.maxWindow, window);
    out.totalWindow += window;
    out.declaredContent += contentSize;
    // Blocks: a 3-byte header (last flag, type, size), then the size's bytes (one byte for an RLE block).
    for (;;) {
      if (p + 3 > b.length) return null;
      const header = b.readUIntLE(p, 3);
      const type = (header >> 1) & 3;
      if (type === 3) return null;
      p += 3 + (type === 1 ? 1 : header >>> 3);
      if (p > b.length) return null;
      if (header & 1) break;
    }
    at = p + (checksum ? 4 : 0);
    if (at > b.length) return null;
  }
  return out;
}

/** The window a brotli stream declares (RFC 7932 §9.1: WBITS, the window is 2^WBITS - 16), or null for none or the large-window escape. */
export function brotliWindow(raw: Uint8Array): number | null {
  if (raw.length === 0) return null;
  const b = raw[0];
  if ((b & 1) === 0) return 2 ** 16 - 16;
  const n = (b >> 1) & 7;
  if (n !== 0) return 2 ** (17 + n) - 16;
  const m = (b >> 4) & 7;
  if (m === 1) return null;
  return 2 ** (m === 0 ? 17 : 8 + m) - 16;
}

class TooLarge extends Error {}

/**
 * zstd (Node 20 has no zstd in zlib) with fzstd's streaming decoder. fzstd allocates each frame's declared window
 * before producing a byte, so the frame headers are read first and a body refused whose windows or declared content
 * exceed what `cap` allows; the output is then stopped as soon as it passes `cap`.
 */
function unzstd(raw: Buffer, cap: number): Buffer {
  const frames = readZstdFrames(raw);
  if (!frames) throw new Error('not zstd frames');
  const windowCap = Math.max(cap, MAX_WINDOW);
  if (
    frames.declaredContent > cap ||
    frames.maxWindow > windowCap ||
    frames.totalWindow > ZSTD_WINDOW_BUDGET_FRAMES * windowCap
  )
    throw new TooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream = new ZstdStream((chunk) => {
    size += chunk.length;
    if (size > cap) throw new TooLarge();
    chunks.push(chunk);
  });
  // Fed in slices, so the running total is checked long before a bomb's frame is fully decoded.
  const SLICE = 16 * 1024;
  for (let i = 0; i < raw.length; i += SLICE) stream.push(raw.subarray(i, i + SLICE), i + SLICE >= raw.length);
  return Buffer.concat(chunks, size);
}

/** Undoes `Content-Encoding: gzip`, `deflate`, `br` or `zstd`, refusing output above `cap` (1 MiB unless told). */
export async function decodeBody(
  raw: Buffer,
  contentEncoding: string | undefined,
  cap = MAX_BODY_BYTES,
): Promise<DecodedBody> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return { ok: true, body: raw };
  try {
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return { ok: true, body: await gunzip(raw, { maxOutputLength: cap }) };
      case 'deflate':
        return { ok: true, body: await inflate(raw, { maxOutputLength: cap }) };
      case 'br':
        // The window is allocated before the first byte out: refused above what the cap allows, as zstd's.
        if ((brotliWindow(raw) ?? 0) > Math.max(cap, MAX_WINDOW)) return { ok: false, reason: 'too_large' };
        return { ok: true, body: await brotli(raw, { maxOutputLength: cap }) };
      case 'zstd':
        return { ok: true, body: unzstd(raw, cap) };
      default:
        return { ok: false, reason: 'unsupported_encoding' };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: err instanceof TooLarge || code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'corrupt' };
  }
}
