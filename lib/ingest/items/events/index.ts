// Error events and transactions (#44): Sentry's `event` and `transaction` items and span v2 `span` items (their
// segment spans become transactions), mapped into our envelope shape and validated once; stored first of all kinds
// (./ingest-units.ts: rate limit per row, inbound filters, grouping, quota, the batch statement), and what happened
// to them is the envelope's answer and the fate of its spans and attachments.
import type { FieldIssue } from '@/lib/errors';
import { parseJsonObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { MAX_JSON_DEPTH, tooDeepKey } from '@/lib/envelope/prepare-json';
import { errorEnvelopeFromSentry, eventIdOf } from '@/lib/envelope/sentry/map-event';
import { transactionEnvelopeFromSentry } from '@/lib/envelope/sentry/map-transaction';
import { spansOf, transactionsFromSpans } from '@/lib/envelope/sentry/map-spans';
import { validateUnit, type IngestUnit, type Path } from '@/lib/envelope/validate-envelope';
import { fieldsUnder, mergeFields } from '@/lib/ingest/enrich/scrubbing/item-fields';
import type { Outcome } from '@/lib/outcomes/categories';
import { defineKind } from '../kind';
import type { ReadReport } from '@/lib/envelope/security/read-reports';
import { ERROR_FIELDS, SECURITY_FIELDS, TRANSACTION_FIELDS } from './fields';
import { ingestUnits, type IngestOutcome } from './ingest-units';

export { MAX_FUTURE_SKEW_MS, type IngestOutcome } from './ingest-units';
export { ERROR_FIELDS, TRANSACTION_FIELDS } from './fields';

/** One unit of our envelope format mapped from an item, not yet validated. */
type Mapped = { path: Path; json: JsonObject; stackless?: boolean; message?: boolean };

function mapped(type: string, payload: JsonObject, path: Path, headerEventId: unknown): Mapped[] | FieldIssue {
  if (type === 'transaction') return [{ path, json: transactionEnvelopeFromSentry(payload) }];
  if (type === 'span') {
    const found = spansOf(payload);
    if (!found) return { path, message: 'Span item must be { version: 2, items: [...] } or a span object' };
    return transactionsFromSpans(found.spans).map((t) => ({
      path: found.nested ? [...path, 'items', t.index] : path,
      json: t.envelope,
    }));
  }
  const m = errorEnvelopeFromSentry(payload, headerEventId);
  return [{ path, json: m.json, stackless: m.stackless, message: m.message }];
}

/** Depth check (before any recursion over the payload), mapping, and the one validation of each unit. */
function unitsOf(
  type: string,
  payload: JsonObject,
  path: Path,
  opts: { headerEventId: unknown; hadEscapes: boolean },
): IngestUnit[] | FieldIssue[] {
  const deep = tooDeepKey(payload);
  if (deep !== null) return [{ path: [...path, deep], message: `Nested more than ${MAX_JSON_DEPTH} levels deep` }];
  const m = mapped(type, payload, path, opts.headerEventId);
  if (!Array.isArray(m)) return [m];
  const units: IngestUnit[] = [];
  for (const u of m) {
    const v = validateUnit(u.json, {
      path: u.path,
      hadEscapes: opts.hadEscapes,
      grouping: 'sentry',
      stackless: u.stackless,
      message: u.message,
      // An error event's mapping nests nothing deeper than the payload just checked (map-event.ts); a transaction's
      // and a span's are walked again.
      depthChecked: type === 'event',
    });
    if (!v.ok) return v.issues;
    units.push(v.unit);
  }
  return units;
}

const isIssues = (r: IngestUnit[] | FieldIssue[]): r is FieldIssue[] => r.length > 0 && !('kind' in r[0]);

/** A Sentry event id (32 hex, dashes allowed) in lower case. */
export function hex32(v: unknown): string | undefined {
  const id = eventIdOf(v);
  return typeof id === 'string' && /^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : undefined;
}

/** The `/store/` endpoint's one body: a transaction when it says so, else an error event. */
export function unitsOfStoreBody(body: Buffer): { units: IngestUnit[]; eventId: string | undefined } | FieldIssue[] {
  const text = body.toString('utf8');
  const payload = parseJsonObject(text);
  if (!payload) return [{ path: [], message: 'Body must be one JSON event object' }];
  const r = unitsOf(payload.type === 'transaction' ? 'transaction' : 'event', payload, [], {
    headerEventId: undefined,
    hadEscapes: text.includes('\\u'),
  });
  return isIssues(r) ? r : { units: r, eventId: hex32(payload.event_id) };
}

/** A browser security report (lib/envelope/security) as the error unit it is stored as, or why it cannot be one. */
export function securityUnit(r: ReadReport): IngestUnit | FieldIssue[] {
  // Escapes or not, every string of a report is made storable (the report's own URL and User-Agent among them).
  const units = unitsOf('event', r.event, r.path, { headerEventId: undefined, hadEscapes: true });
  if (isIssues(units)) return units;
  const unit = units[0];
  if (unit.kind === 'error') unit.security = r.security;
  return unit;
}

/** How the envelope's other items are counted when its events were not stored. */
export function refusalOf(outcome: IngestOutcome): readonly [Outcome, string] {
  if (outcome.kind === 'quota_exceeded') return ['over_quota', 'quota'];
  if (outcome.kind === 'rate_limited') return ['rate_limited', 'key_rate_limit'];
  return ['invalid', outcome.kind];
}

export const events = defineKind<IngestUnit>({
  name: 'events',
  itemTypes: { event: 'error', transaction: 'transaction', span: 'span' },
  fields: mergeFields(
    mergeFields(fieldsUnder('envelope', ERROR_FIELDS), fieldsUnder('envelope', TRANSACTION_FIELDS)),
    fieldsUnder('security', SECURITY_FIELDS),
  ),
  failsRequest: true,
  // An envelope answers for its events and transactions.
  answers: true,
  parse(item, type, ctx) {
    const payload = ctx.json();
    if (!payload) return { items: [], invalid: [{ path: ctx.path, message: 'Item payload must be a JSON object' }] };
    const r = unitsOf(type, payload, ctx.path, {
      headerEventId: ctx.headerEventId,
      hadEscapes: item.payload.includes('\\u'),
    });
    if (isIssues(r)) return { items: [], invalid: r };
    return { items: r, eventId: type === 'event' ? hex32(payload.event_id) : undefined };
  },
  async store(key, units, ctx) {
    return ingestUnits(key, units, {
      tokensTaken: ctx.tokensTaken,
      clientAddress: ctx.clientAddress,
      count: ctx.count,
    });
  },
});
