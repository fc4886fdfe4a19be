// COPY … FROM STDIN on a pg client (#51): bulk rows, the cheapest way in for log lines and spans (measured against
// its text format and a multi-row INSERT of unnest'ed arrays: docs/benchmarks.md, bench:logs). Rows go in PostgreSQL's
// binary format (BinaryRows), which needs no escaping and no number or date printed as text, and is sent as it was
// built, in one write. A query object of the pg driver's own kind (submit/handle…), so no extra
// dependency: it answers the COPY's CopyInResponse with the rows and resolves with the row count once the server is
// ready again.
import type pg from 'pg';

type Connection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  /** The socket: a BinaryRows' message goes straight to it, as built. */
  stream: { write(b: Buffer): boolean };
};

/** One text-format field: NULL as \N; backslash, newline, carriage return and tab escaped. */
export function copyField(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\n\r\t]/.test(v)
    ? v.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
    : v;
}

/** The element types of the arrays a BinaryRows writes (pg_type oids). */
export const ELEMENT = { int8: 20, text: 25, float8: 701, timestamptz: 1184 } as const;

// A CopyData message's header (type 'd' and length), then the binary format's signature, flags and extension length.
const MESSAGE_HEADER = 5;
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const START = MESSAGE_HEADER + SIGNATURE.length + 8;
// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01).
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

/**
 * Rows in PostgreSQL's binary COPY format, written into one growing buffer that already holds the CopyData header,
 * so the whole batch is one write to the server. Fields are written in the target's column order; ids arrive as
 * the hex they were validated as.
 */
export class BinaryRows {
  private buf = Buffer.allocUnsafe(64 * 1024);
  private off = START;
  rows = 0;

  private room(n: number) {
    if (this.off + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.off + n));
    this.buf.copy(grown, 0, 0, this.off);
    this.buf = grown;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): this {
    this.room(2);
    this.buf.writeInt16BE(fields, this.off);
    this.off += 2;
    this.rows++;
    return this;
  }

  null(): this {
    this.room(4);
    this.buf.writeInt32BE(-1, this.off);
    this.off += 4;
    return this;
  }

  int2(v: number): this {
    this.room(6);
    this.buf.writeInt32BE(2, this.off);
    this.buf.writeInt16BE(v, this.off + 4);
    this.off += 6;
    return this;
  }

  int4(v: number): this {
    this.room(8);
    this.buf.writeInt32BE(4, this.off);
    this.buf.writeInt32BE(v, this.off + 4);
    this.off += 8;
    return this;
  }

  /** A bigint or uuid given as its big-endian bytes in hex (16 or 32 hex digits). */
  hex(h: string): this {
    const n = h.length >> 1;
    this.room(4 + n);
    this.buf.writeInt32BE(n, this.off);
    this.buf.write(h, this.off + 4, n, 'hex');
    this.off += 4 + n;
    return this;
  }

  /** A bigint given as its 8 big-endian bytes. */
  bytes(b: Uint8Array): this {
    this.room(4 + b.length);
    this.buf.writeInt32BE(b.length, this.off);
    this.buf.set(b, this.off + 4);
    this.off += 4 + b.length;
    return this;
  }

  float8(v: number): this {
    this.room(12);
    this.buf.writeInt32BE(8, this.off);
    this.buf.writeDoubleBE(v, this.off + 4);
    this.off += 12;
    return this;
  }

  /** A timestamptz from epoch milliseconds (whole ones). */
  time(ms: number): this {
    return this.timeUs(ms);
  }

  /** A timestamptz from epoch milliseconds with their fraction, kept to the microsecond (metric points, #61). */
  timeUs(ms: number): this {
    this.room(12);
    const us = Math.round((ms - PG_EPOCH_MS) * 1000);
    const hi = Math.floor(us / TWO_32);
    this.buf.writeInt32BE(8, this.off);
    this.buf.writeInt32BE(hi, this.off + 4);
    this.buf.writeUInt32BE(us - hi * TWO_32, this.off + 8);
    this.off += 12;
    return this;
  }

  /** A bigint from a safe integer, or any 64-bit one as its decimal text. */
  int8(v: number | string): this {
    this.room(12);
    this.buf.writeInt32BE(8, this.off);
    this.buf.writeBigInt64BE(BigInt(v), this.off + 4);
    this.off += 12;
    return this;
  }

  /** A text or json value (json's binary form is its text), or NULL. */
  text(s: string | null): this {
    if (s === null) return this.null();
    this.room(4 + s.length * 3);
    const n = this.buf.write(s, this.off + 4, 'utf8');
    this.buf.writeInt32BE(n, this.off);
    this.off += 4 + n;
    return this;
  }

  /** A jsonb value from its JSON text (the binary form: a version byte, then the text), or NULL. */
  jsonb(s: string | null): this {
    if (s === null) return this.null();
    this.room(5 + s.length * 3);
    this.buf[this.off + 4] = 1;
    const n = this.buf.write(s, this.off + 5, 'utf8');
    this.buf.writeInt32BE(n + 1, this.off);
    this.off += 5 + n;
    return this;
  }

  /** A one-dimensional array of `n` elements of `element` type, each written by `each(i)` (null() for NULL). */
  array(element: number, n: number, each: (i: number) => void): this {
    this.room(24);
    const at = this.off;
    // Length (filled in below), dimensions, has-nulls flag (PostgreSQL reads NULLs from their -1 length),
    // element type, then the one dimension's size and lower bound.
    this.buf.writeInt32BE(1, at + 4);
    this.buf.writeInt32BE(1, at + 8);
    this.buf.writeInt32BE(element, at + 12);
    this.buf.writeInt32BE(n, at + 16);
    this.buf.writeInt32BE(1, at + 20);
    this.off += 24;
    for (let i = 0; i < n; i++) each(i);
    this.buf.writeInt32BE(this.off - at - 4, at);
    return this;
  }

  /** The CopyData message of every row and its trailer, followed by CopyDone. */
  message(): Buffer {
    this.room(2 + 5);
    this.buf.writeInt16BE(-1, this.off);
    this.off += 2;
    this.buf[0] = 0x64; // 'd'
    this.buf.writeInt32BE(this.off - 1, 1);
    SIGNATURE.copy(this.buf, MESSAGE_HEADER);
    this.buf.writeInt32BE(0, MESSAGE_HEADER + SIGNATURE.length);
    this.buf.writeInt32BE(0, MESSAGE_HEADER + SIGNATURE.length + 4);
    this.buf[this.off] = 0x63; // 'c': CopyDone
    this.buf.writeInt32BE(4, this.off + 1);
    return this.buf.subarray(0, this.off + 5);
  }
}

/**
 * Runs `COPY <target> FROM STDIN` with `rows`: text (rows of tab-separated copyField values, each ending in a
 * newline) or a BinaryRows.
 */
export function copyRows(client: pg.ClientBase, target: string, rows: string | BinaryRows): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let failed: unknown;
    const query = {
      submit(connection: Connection) {
        connection.query(
          typeof rows === 'string' ? `COPY ${target} FROM STDIN` : `COPY ${target} FROM STDIN (FORMAT binary)`,
        );
      },
      handleCopyInResponse(connection: Connection) {
        if (typeof rows === 'string') {
          connection.sendCopyFromChunk(Buffer.from(rows, 'utf8'));
          connection.endCopyFrom();
          return;
        }
        connection.stream.write(rows.message());
      },
      handleCommandComplete(msg: { text?: string }) {
        count = Number(/COPY (\d+)/.exec(msg.text ?? '')?.[1] ?? 0);
      },
      handleError(err: unknown) {
        failed = err;
        reject(err);
      },
      handleReadyForQuery() {
        if (failed === undefined) resolve(count);
      },
      // The driver's query timeout replaces this when one is set.
      callback() {},
    };
    (client as unknown as { query(q: typeof query): void }).query(query);
  });
}
