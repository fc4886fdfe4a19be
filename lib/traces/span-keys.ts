// How a span row names what it belongs to (#51): its ids as numbers and its transaction name and group as 64-bit
// hashes, the same in SQL (the migration that made them) and here, so a read finds a name's spans by the hash.
import { createHash } from 'node:crypto';

/** The first 8 bytes of md5(text) as a signed bigint: `('x' || left(md5(text), 16))::bit(64)::bigint` in SQL. */
export function key64(text: string): string {
  return key64Bytes(text).readBigInt64BE(0).toString();
}

/** The same key as its 8 big-endian bytes, as a binary COPY writes a bigint. */
export function key64Bytes(text: string): Buffer {
  return createHash('md5').update(text).digest().subarray(0, 8);
}

/**
 * A bounded memo: spans repeat their transaction names, groups and groups' keys, so each is worked out once per
 * process while it is common.
 */
export function memo<T>(f: (k: string) => T, max = 20_000): (k: string) => T {
  const m = new Map<string, T>();
  return (k) => {
    let v = m.get(k);
    if (v === undefined) {
      if (m.size >= max) m.clear();
      m.set(k, (v = f(k)));
    }
    return v;
  };
}

const nameKeys = memo(key64);
const nameKeyBytes = memo(key64Bytes);

/** A transaction name's key within its project (project ids hold no `:`). */
export const transactionKey = (projectId: string, transaction: string) => nameKeys(`${projectId}:${transaction}`);

/** transactionKey as its 8 bytes. */
export const transactionKeyBytes = (projectId: string, transaction: string) =>
  nameKeyBytes(`${projectId}:${transaction}`);

/** A span id (16 hex digits) as the signed bigint it is stored as; `spanIdSql` turns it back. */
export const spanIdNumber = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** SQL of a stored span id column as its 16 hex digits. */
export const spanIdSql = (column: string) => `lpad(to_hex(${column}), 16, '0')`;
