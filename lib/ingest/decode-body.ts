import zlib from 'node:zlib';
import { promisify } from 'node:util';

export const MAX_BODY_BYTES = 1024 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

export type DecodedBody = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unsupported_encoding' | 'corrupt' };

/** Undoes `Content-Encoding: gzip` or `deflate`, refusing output above 1 MiB. */
export async function decodeBody(raw: Buffer, contentEncoding: string | undefined): Promise<DecodedBody> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return { ok: true, body: raw };
  const inflater = encoding === 'gzip' || encoding === 'x-gzip' ? gunzip : encoding === 'deflate' ? inflate : null;
  if (!inflater) return { ok: false, reason: 'unsupported_encoding' };
  try {
    return { ok: true, body: await inflater(raw, { maxOutputLength: MAX_BODY_BYTES }) };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'corrupt' };
  }
}
