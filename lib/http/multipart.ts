import { readCappedBody } from './read-body';
import { AppError } from '@/lib/errors';

/** One part of a multipart/form-data body: its data is a view of the body, never a copy. */
export type MultipartPart = { name: string; filename: string | null; data: Buffer };

/**
 * The parts of a multipart/form-data body (RFC 7578), read in place: the body is scanned once for its delimiters
 * and each part's data is a slice of it, so an upload costs its body and nothing more (the Fetch API's formData()
 * copies the body and every file again). More than `maxParts` parts is refused after the scan, before any header is
 * read. Null when the body is not multipart as its Content-Type says.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
  maxParts: number,
): MultipartPart[] | null | 'too_many' {
  const delimiter = delimiterOf(contentType);
  if (!delimiter) return null;
  // Every delimiter: the first may start the body; the others follow a CRLF.
  const at: number[] = [];
  for (let i = body.indexOf(delimiter); i >= 0; i = body.indexOf(delimiter, i + delimiter.length)) {
    if (i === 0 || (body[i - 2] === 13 && body[i - 1] === 10)) at.push(i);
    if (at.length > maxParts + 1) return 'too_many';
  }
  if (at.length < 2) return null;
  const last = at[at.length - 1];
  if (body[last + delimiter.length] !== 45 || body[last + delimiter.length + 1] !== 45) return null; // closing "--"
  const parts: MultipartPart[] = [];
  for (let k = 0; k < at.length - 1; k++) {
    const start = at[k] + delimiter.length + 2; // past the delimiter's CRLF
    const end = at[k + 1] - 2; // before the CRLF that precedes the next delimiter
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd < 0 || headerEnd > end) return null;
    const headers = body.toString('utf8', start, headerEnd);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1];
    if (disposition === undefined) return null;
    const name = param(disposition, 'name');
    if (name === null) return null;
    parts.push({ name, filename: param(disposition, 'filename'), data: body.subarray(headerEnd + 4, end) });
  }
  return parts;
}

/** `--<boundary>` of a multipart Content-Type, or null without a boundary. */
function delimiterOf(contentType: string): Buffer | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? Buffer.from(`--${m[1] ?? m[2]}`) : null;
}

function param(disposition: string, key: string): string | null {
  const m = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(disposition);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}

/**
 * A route's multipart body, capped at `maxBytes` before it is buffered and read in place: 415 unless the
 * Content-Type is multipart/form-data, 413 past the cap, 400 when malformed or past `maxParts` parts.
 */
export async function readMultipart(
  req: Request,
  opts: { maxBytes: number; maxParts: number; what: string; tooMany?: string },
): Promise<MultipartPart[]> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data');
  const delimiter = delimiterOf(type);
  const tooMany = () => new AppError('BAD_REQUEST', opts.tooMany ?? `At most ${opts.maxParts} parts per request`);
  const bytes = await readCappedBody(
    req,
    opts.maxBytes,
    delimiter ? countParts(delimiter, opts.maxParts, tooMany) : undefined,
  ).catch((err) => {
    throw err instanceof AppError ? err : new AppError('BAD_REQUEST', 'Could not read the request body');
  });
  if (bytes === null) throw new AppError('PAYLOAD_TOO_LARGE', `${opts.what} larger than ${opts.maxBytes} bytes`);
  const parts = parseMultipart(bytes, type, opts.maxParts);
  if (parts === 'too_many') throw tooMany();
  if (parts === null) throw new AppError('BAD_REQUEST', 'Malformed multipart body');
  return parts;
}

/**
 * A body inspector that counts the multipart delimiters as the body arrives and throws past `maxParts` parts, so a
 * body of thousands of parts costs the few it took to see that, not its megabytes.
 */
function countParts(delimiter: Buffer, maxParts: number, tooMany: () => Error): (chunk: Buffer) => void {
  let delimiters = 0;
  // The end of the previous chunk, so a delimiter split across two chunks is still seen once.
  let tail: Buffer = Buffer.alloc(0);
  return (chunk) => {
    const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    for (let i = window.indexOf(delimiter); i >= 0; i = window.indexOf(delimiter, i + delimiter.length)) {
      // Only those wholly in the new bytes or straddling the seam: the tail's own were counted before.
      if (i + delimiter.length > tail.length) delimiters++;
    }
    tail = window.subarray(Math.max(0, window.length - (delimiter.length - 1)));
    // n parts have n + 1 delimiters (the closing one included).
    if (delimiters > maxParts + 1) throw tooMany();
  };
}
