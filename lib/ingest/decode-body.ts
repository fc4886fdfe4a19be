import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { Decompress as ZstdStream } from 'fzstd';

export const MAX_BODY_BYTES = 1024 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

export type DecodedBody = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unsupported_encoding' | 'corrupt' };

/** The encodings Sentry SDKs and Relay send, for the 415 message. */
export const SUPPORTED_ENCODINGS = 'gzip, deflate, br or zstd';

class TooLarge extends Error {}

/**
 * zstd (Node 20 has no zstd in zlib): fzstd's streaming decoder, stopped as soon as its output passes `cap`,
 * so a body that expands to gigabytes costs no more than `cap` bytes of memory.
 */
function unzstd(raw: Buffer, cap: number): Buffer {
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
export async function decodeBody(raw: Buffer, contentEncoding: string | undefined, cap = MAX_BODY_BYTES): Promise<DecodedBody> {
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
