// The default attachment store: rows and their bytes in PostgreSQL (attachment_blobs), and the metadata rows every
// store writes. A leaf of lib/attachments: the S3 store and the chooser (./store.ts) both build on it.
import type pg from 'pg';
import { pool } from '@/lib/pg';
// Raw SQL: a writer: rows and their bytes go in one statement (bytea arrays).

export type NewAttachment = {
  id: string;
  projectId: string;
  eventId: string;
  filename: string;
  contentType: string;
  attachmentType: string;
  data: Buffer;
};
export type StoredRef = { id: string; projectId: string; storage: string };

export type AttachmentStore = {
  name: 'pg' | 's3';
  /**
   * Writes the rows and their bytes: all of them, or none (a failed write leaves nothing behind). The rows are
   * written through `client` when given (a transaction of the caller's), else the pool.
   */
  save(rows: NewAttachment[], client?: pg.ClientBase): Promise<void>;
  read(ref: StoredRef): Promise<Buffer | null>;
  /** Removes the bytes of rows about to be deleted (PostgreSQL's go with their row). */
  removeBytes(refs: StoredRef[]): Promise<void>;
};

const INSERT_ROWS = `
  INSERT INTO attachments (id, project_id, event_id, filename, content_type, attachment_type, size, storage)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[])`;

/** The metadata rows of `rows` in `storage`, as one statement's parameters. */
export function rowParams(rows: NewAttachment[], storage: string): unknown[] {
  return [
    rows.map((r) => r.id),
    rows.map((r) => r.projectId),
    rows.map((r) => r.eventId),
    rows.map((r) => r.filename),
    rows.map((r) => r.contentType),
    rows.map((r) => r.attachmentType),
    rows.map((r) => r.data.length),
    rows.map(() => storage),
  ];
}

export async function insertRows(rows: NewAttachment[], storage: string, client?: pg.ClientBase): Promise<void> {
  await (client ?? pool()).query(INSERT_ROWS, rowParams(rows, storage));
}

export const pgStore: AttachmentStore = {
  name: 'pg',
  async save(rows, client) {
    await (client ?? pool()).query(
      `WITH a AS (${INSERT_ROWS} RETURNING id)
       INSERT INTO attachment_blobs (attachment_id, data) SELECT * FROM unnest($9::text[], $10::bytea[])`,
      [...rowParams(rows, 'pg'), rows.map((r) => r.id), rows.map((r) => r.data)],
    );
  },
  async read(ref) {
    const { rows } = await pool().query<{ data: Buffer }>(
      'SELECT data FROM attachment_blobs WHERE attachment_id = $1',
      [ref.id],
    );
    return rows[0]?.data ?? null;
  },
  async removeBytes() {
    // ON DELETE CASCADE from attachments.
  },
};
