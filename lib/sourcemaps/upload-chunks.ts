import type { MultipartPart } from '@/lib/http/multipart';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pool } from '@/lib/pg';
// Raw SQL: a writer: chunks go in one statement as bytea arrays (unnest).
import { badRequest } from '@/lib/errors';

/** What sentry-cli is told (GET chunk-upload): it splits a bundle into chunks of this size and sends a few per request. */
export const CHUNK_SIZE = 8 * 1024 * 1024;
export const CHUNKS_PER_REQUEST = 4;
/** A chunk-upload request body is capped at this before anything is buffered (413 past it). */
export const MAX_CHUNK_REQUEST_BYTES = CHUNK_SIZE * CHUNKS_PER_REQUEST + 1024 * 1024;
const STALE_CHUNKS_AFTER = '1 day';

export const sha1 = (data: Uint8Array) => crypto.createHash('sha1').update(data).digest('hex');

/** SHA-1 computed on the thread pool (WebCrypto), for buffers large enough to stall the event loop. */
export async function sha1Async(data: Uint8Array): Promise<string> {
  return Buffer.from(await crypto.webcrypto.subtle.digest('SHA-1', data)).toString('hex');
}

const gunzip = promisify(zlib.gunzip);
/** What one request's chunks may inflate to, all parts together: the chunks it may carry. */
export const MAX_CHUNK_REQUEST_INFLATED = CHUNK_SIZE * CHUNKS_PER_REQUEST;

/**
 * The parts of a chunk upload (multipart, field `file_gzip` or `file`, each named by its sha1). They are counted
 * before any is inflated; each is then inflated off the event loop with what is left of the request's budget
 * (never more than a chunk) and must hash to its name, else the request is refused and nothing is kept.
 */
export async function storeChunkUpload(orgId: string, form: MultipartPart[]): Promise<number> {
  const parts: { gzip: boolean; file: { name: string; data: Buffer } }[] = [];
  for (const part of form) {
    if (part.name !== 'file' && part.name !== 'file_gzip') continue;
    if (part.filename === null) throw badRequest(`Chunk part ${part.name} must be a file`);
    parts.push({ gzip: part.name === 'file_gzip', file: { name: part.filename, data: part.data } });
  }
  if (parts.length === 0) throw badRequest('No chunks in the request (multipart fields file or file_gzip)');
  if (parts.length > CHUNKS_PER_REQUEST) throw badRequest(`At most ${CHUNKS_PER_REQUEST} chunks per request`);
  const chunks: { checksum: string; data: Buffer }[] = [];
  let left = MAX_CHUNK_REQUEST_INFLATED;
  for (const { gzip, file } of parts) {
    const raw = file.data;
    const cap = Math.min(CHUNK_SIZE, left);
    let data: Buffer;
    try {
      data = gzip ? await gunzip(raw, { maxOutputLength: cap }) : raw;
    } catch {
      throw badRequest(`Chunk ${file.name} is not gzip data of at most ${CHUNK_SIZE} bytes`);
    }
    if (data.length > cap) throw badRequest(`Chunk ${file.name} is larger than ${CHUNK_SIZE} bytes`);
    left -= data.length;
    const checksum = await sha1Async(data);
    if (checksum !== file.name.toLowerCase()) throw badRequest(`Chunk ${file.name} does not match its sha1 checksum`);
    chunks.push({ checksum, data });
  }
  await pool().query(
    `INSERT INTO upload_chunks (org_id, checksum, data) SELECT $1, * FROM unnest($2::text[], $3::bytea[]) ON CONFLICT DO NOTHING`,
    [orgId, chunks.map((c) => c.checksum), chunks.map((c) => c.data)],
  );
  return chunks.length;
}

export async function missingChunks(orgId: string, checksums: string[]): Promise<string[]> {
  const { rows } = await pool().query<{ checksum: string }>(
    'SELECT checksum FROM upload_chunks WHERE org_id = $1 AND checksum = ANY($2)',
    [orgId, checksums],
  );
  const have = new Set(rows.map((r) => r.checksum));
  return [...new Set(checksums.filter((c) => !have.has(c)))];
}

/** The chunks in order, concatenated (all present: checked by missingChunks just before). */
export async function readChunks(orgId: string, checksums: string[]): Promise<Buffer> {
  const { rows } = await pool().query<{ checksum: string; data: Buffer }>(
    'SELECT checksum, data FROM upload_chunks WHERE org_id = $1 AND checksum = ANY($2)',
    [orgId, checksums],
  );
  const by = new Map(rows.map((r) => [r.checksum, r.data]));
  return Buffer.concat(checksums.map((c) => by.get(c) ?? Buffer.alloc(0)));
}

/** Chunks of an assembled bundle, and any left over from abandoned uploads, are deleted. */
export async function dropChunks(orgId: string, checksums: string[]): Promise<void> {
  await pool().query(
    `DELETE FROM upload_chunks WHERE (org_id = $1 AND checksum = ANY($2)) OR created_at < now() - interval '${STALE_CHUNKS_AFTER}'`,
    [orgId, checksums],
  );
}
