import type { FieldIssue } from '@/lib/errors';

export type JsonObject = Record<string, unknown>;
export type EnvelopeItem = { header: JsonObject; payload: Buffer };
export type SentryEnvelope = { header: JsonObject; items: EnvelopeItem[] };
export type ParsedEnvelope = { ok: true; envelope: SentryEnvelope } | { ok: false; issue: FieldIssue };

const NEWLINE = 0x0a;
// SDKs send a handful of items; a body of thousands of empty items only costs us CPU.
export const MAX_ITEMS = 1000;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEX_ID = { 16: /^[0-9a-f]{16}$/i, 32: /^[0-9a-f]{32}$/i };

/** A span id (16 hex digits) or trace id (32), lower-cased; null when `v` is not one. */
export const hexId = (v: unknown, digits: 16 | 32): string | null =>
  typeof v === 'string' && HEX_ID[digits].test(v) ? v.toLowerCase() : null;

/** JSON.parse that answers null instead of throwing, for text that must hold one JSON object. */
export function parseJsonObject(text: string): JsonObject | null {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

function lineEnd(buf: Buffer, from: number): number {
  const i = buf.indexOf(NEWLINE, from);
  return i === -1 ? buf.length : i;
}

const blank = (buf: Buffer) => buf.toString('utf8').trim() === '';
const fail = (path: (string | number)[], message: string): ParsedEnvelope => ({ ok: false, issue: { path, message } });

/**
 * Splits a Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header line,
 * then items, each a JSON header line and a payload. With `length` the payload is exactly that many bytes
 * (binary-safe, may contain newlines); without it the payload runs to the next newline. Blank lines where
 * an item header is expected (such as a trailing newline) are skipped.
 */
export function parseEnvelope(body: Buffer): ParsedEnvelope {
  const headerEnd = lineEnd(body, 0);
  const header = parseJsonObject(body.subarray(0, headerEnd).toString('utf8'));
  if (!header) return fail(['header'], 'Envelope header must be a JSON object on the first line');

  const items: EnvelopeItem[] = [];
  let pos = headerEnd + 1;
  while (pos < body.length) {
    const itemHeaderEnd = lineEnd(body, pos);
    const line = body.subarray(pos, itemHeaderEnd);
    pos = Math.min(itemHeaderEnd + 1, body.length);
    if (blank(line)) continue;

    const index = items.length;
    if (index >= MAX_ITEMS) return fail(['items'], `At most ${MAX_ITEMS} items per envelope`);
    const itemHeader = parseJsonObject(line.toString('utf8'));
    if (!itemHeader) return fail(['items', index, 'header'], 'Item header must be a JSON object on one line');
    if (typeof itemHeader.type !== 'string')
      return fail(['items', index, 'header', 'type'], 'Item type must be a string');

    let payload: Buffer;
    const length = itemHeader.length;
    if (length !== undefined && length !== null) {
      if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
        return fail(['items', index, 'header', 'length'], 'Must be a non-negative integer');
      }
      if (pos + length > body.length)
        return fail(['items', index, 'header', 'length'], 'Item length exceeds the envelope');
      payload = body.subarray(pos, pos + length);
      pos += length;
      if (pos < body.length) {
        if (body[pos] !== NEWLINE) return fail(['items', index], 'Expected a newline after the item payload');
        pos++;
      }
    } else {
      const payloadEnd = lineEnd(body, pos);
      payload = body.subarray(pos, payloadEnd);
      pos = payloadEnd + 1;
    }
    items.push({ header: itemHeader, payload });
  }
  return { ok: true, envelope: { header, items } };
}
