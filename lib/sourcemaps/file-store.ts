import { db } from '@/lib/db';

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** Where source file bytes live: PostgreSQL now, object storage later, behind these two calls. */
export interface SourceFileStore {
  put(fileId: string, data: Buffer, tx?: Tx): Promise<void>;
  get(fileId: string): Promise<Buffer | null>;
}

/** bytea rows deleted with their file (FK cascade), so a release's or project's delete removes them. */
export const pgSourceFileStore: SourceFileStore = {
  async put(fileId, data, tx) {
    await (tx ?? db).sourceFileContent.create({ data: { fileId, data: new Uint8Array(data) } });
  },
  async get(fileId) {
    const row = await db.sourceFileContent.findUnique({ where: { fileId } });
    return row ? Buffer.from(row.data) : null;
  },
};

export const sourceFileStore: SourceFileStore = pgSourceFileStore;
