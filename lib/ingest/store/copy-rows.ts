// COPY … FROM STDIN on a pg client (#51): bulk rows in PostgreSQL's text format, the cheapest way in for log lines and spans
// (measured against a multi-row INSERT of unnest'ed arrays: docs/benchmarks.md, bench:logs). A query object of the
// pg driver's own kind (submit/handle…), so no extra dependency: it answers the COPY's CopyInResponse with the rows
// in one CopyData message and resolves with the row count once the server is ready again.
import type pg from 'pg';

type Connection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
};

/** One text-format field: NULL as \N; backslash, newline, carriage return and tab escaped. */
export function copyField(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\n\r\t]/.test(v)
    ? v.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
    : v;
}

/** Runs `COPY <target> FROM STDIN` with `text` (rows of tab-separated copyField values, each ending in a newline). */
export function copyRows(client: pg.ClientBase, target: string, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let failed: unknown;
    const query = {
      submit(connection: Connection) {
        connection.query(`COPY ${target} FROM STDIN`);
      },
      handleCopyInResponse(connection: Connection) {
        connection.sendCopyFromChunk(Buffer.from(text, 'utf8'));
        connection.endCopyFrom();
      },
      handleCommandComplete(msg: { text?: string }) {
        rows = Number(/COPY (\d+)/.exec(msg.text ?? '')?.[1] ?? 0);
      },
      handleError(err: unknown) {
        failed = err;
        reject(err);
      },
      handleReadyForQuery() {
        if (failed === undefined) resolve(rows);
      },
      // The driver's query timeout replaces this when one is set.
      callback() {},
    };
    (client as unknown as { query(q: typeof query): void }).query(query);
  });
}
