// Sentry's names for an issue: its number (`1234`) and its short id (`SHOP-1A`: the project's slug in capitals and
// the number in Crockford's base 32, as Sentry writes it). Our numbers come from one global sequence, so a short id
// is unique on its own; its slug part must still name the issue's project. Pure: no I/O.

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Largest issue number accepted: PostgreSQL's bigint. */
const MAX_NUMBER = 2n ** 63n - 1n;

export function base32Encode(n: bigint): string {
  if (n < 0n) throw new Error('base32Encode takes a non-negative number');
  if (n === 0n) return '0';
  let out = '';
  for (let v = n; v > 0n; v /= 32n) out = BASE32[Number(v % 32n)] + out;
  return out;
}

/** Sentry reads O as 0 and I and L as 1; null for anything else outside the alphabet or too large. */
export function base32Decode(text: string): bigint | null {
  const s = text.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s === '' || s.length > 13) return null;
  let n = 0n;
  for (const c of s) {
    const digit = BASE32.indexOf(c);
    if (digit < 0) return null;
    n = n * 32n + BigInt(digit);
  }
  return n <= MAX_NUMBER ? n : null;
}

export function shortIdOf(projectSlug: string, number: bigint): string {
  return `${projectSlug.toUpperCase()}-${base32Encode(number)}`;
}

/** How a request named an issue: its number, or a short id (its project's slug, lower-cased, and number). */
export type IssueRef = { kind: 'number'; number: bigint } | { kind: 'short'; slug: string; number: bigint };

/** `1234` or `SHOP-1A` (any case; a slug may hold dashes itself: the number follows the last one); else null. */
export function parseIssueRef(ref: string): IssueRef | null {
  const text = ref.trim();
  if (/^\d{1,19}$/.test(text)) {
    const number = BigInt(text);
    return number > 0n && number <= MAX_NUMBER ? { kind: 'number', number } : null;
  }
  const dash = text.lastIndexOf('-');
  if (dash <= 0 || dash > 200) return null;
  const slug = text.slice(0, dash).toLowerCase();
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(slug)) return null;
  const number = base32Decode(text.slice(dash + 1));
  return number !== null && number > 0n ? { kind: 'short', slug, number } : null;
}

/** A 32-hex event id (Sentry's, dashes allowed) in lower case; null for anything else. */
export function normalizeEventId(text: string): string | null {
  const s = text.trim().replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(s) ? s : null;
}
