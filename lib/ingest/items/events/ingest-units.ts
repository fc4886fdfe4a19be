// The domain entry point of ingest: validated items of an already authenticated (and rate-limited) request
// in, one domain outcome out. Each HTTP adapter maps the outcome to its own wire answer.
import { clock } from '@/lib/clock';
import type { FieldIssue } from '@/lib/errors';
import type { Level } from '@/lib/generated/prisma/enums';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { groupingOf } from '@/lib/ingest/enrich/grouping/group-event';
import { groupEvent, type RuledGrouping } from '@/lib/ingest/enrich/grouping/group-with-rules';
import { continueIssues } from '@/lib/ingest/enrich/grouping/transition';
import { noteReleases, type ReleaseSighting } from '@/lib/releases/note-release';
import { symbolicateUnits } from '@/lib/sourcemaps/symbolicate';
import { formatMessage } from '@/lib/envelope/message';
import { decideIpAddress } from '@/lib/ingest/enrich/scrubbing/ip-address';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import type { CountOutcome } from '../kind';
import {
  errorFilterReason,
  securityFilterReason,
  transactionFilterReason,
  type FilterReason,
} from '@/lib/ingest/enrich/inbound-filters';
import type { Category } from '@/lib/outcomes/categories';
import { spikeAllows } from '@/lib/ingest/admit/spike-protection';
import { forgetIngestKey, keyShape, type IngestKey } from '@/lib/ingest/admit/resolve-key';
import { rollupKeysOf } from '@/lib/ingest/store/rollup-keys';
import type { ErrorEnvelope } from '@/lib/envelope/schemas';
import type { ErrorUnit, IngestUnit, TransactionUnit } from '@/lib/envelope/validate-envelope';
import type { IngestOutcome } from '../outcome';
import {
  submitErrorEvent,
  submitTransaction,
  type ErrorOutcome,
  type StoredEventInput,
  type StoredTransactionInput,
  type TransactionOutcome,
} from '@/lib/ingest/store/event-writer';

export type { IngestOutcome };

/** Occurrence times further ahead of the receipt than this (clock skew) are stored as the receipt time. */
export const MAX_FUTURE_SKEW_MS = 60_000;

export type IngestContext = {
  /** Rate-limit tokens taken before the body was read. */
  tokensTaken?: number;
  /** The sender's address, for `user.ip_address: "{{auto}}"` (unless the project drops IP addresses). */
  clientAddress?: string;
  /** How each unit is counted (the store context's, so the request's answer can name what was refused). */
  count?: CountOutcome;
};

/**
 * Stores the units of one request. Every row takes a rate-limit token: `tokensTaken` were taken before the
 * body was read, the rest are taken here, all or none (nothing is stored when they are not there).
 * The units come scrubbed (the events kind's store, ./index.ts): only the IP address is decided here.
 */
export async function ingestUnits(
  key: IngestKey,
  units: IngestUnit[],
  ctx: IngestContext = {},
): Promise<IngestOutcome> {
  const tokensTaken = ctx.tokensTaken ?? 1;
  const count = ctx.count ?? recordOutcome;
  if (
    units.length > tokensTaken &&
    !(await reserveIngestTokens(key.publicKey, units.length - tokensTaken, keyShape(key)))
  ) {
    for (const u of units)
      count({ projectId: key.projectId, category: categoryOf(u), outcome: 'rate_limited', reason: 'key_rate_limit' });
    return { kind: 'rate_limited' };
  }
  const receivedAt = clock.now();
  for (const u of units) if (u.kind === 'error') decideIpAddress(u.envelope.user, key.scrub, ctx.clientAddress);
  // Minified JavaScript frames become original ones before grouping, so a new build keeps its issues.
  await symbolicateUnits(key.projectId, units);
  const sightings: ReleaseSighting[] = [];
  // Inbound filters and discarded fingerprints drop an event before the quota; the Stats page counts it.
  const filtered = units.map((u): FilterReason | null =>
    u.kind === 'error'
      ? ((u.security && securityFilterReason(key.filters, u.security)) ?? errorFilterReason(key.filters, u.envelope))
      : transactionFilterReason(key.filters, u.envelope),
  );
  const rows = units.map((u, i) => (u.kind === 'error' && !filtered[i] ? errorRow(key, u, receivedAt) : null));
  // Within a grouping config's transition window, an issue created before the change keeps its events (#63).
  if (key.grouping?.previous.length)
    await continueIssues(
      key,
      rows.flatMap((row, i) => (row ? [{ unit: units[i] as ErrorUnit, row }] : [])),
    );
  // A merged issue's fingerprint sends its events to the issue it went into.
  for (const r of rows) if (r) r.fingerprint = key.aliases.get(r.fingerprint) ?? r.fingerprint;
  // Spike protection takes the errors that would count against the quota, all or none.
  const quotaErrors = rows.filter((r) => r !== null && !key.discarded.has(r.fingerprint)).length;
  const allowed = spikeAllows(key, quotaErrors);
  const spiking = allowed !== true && !(await allowed);
  const outcomes = await Promise.all(
    units.map((u, i): Promise<ErrorOutcome | TransactionOutcome | Filtered | Spiked> => {
      const reason = filtered[i];
      if (reason) return Promise.resolve({ kind: 'filtered', reason });
      if (u.kind !== 'error') return submitTransaction(transactionRow(key, u, receivedAt));
      const row = rows[i]!;
      if (key.discarded.has(row.fingerprint)) return Promise.resolve({ kind: 'filtered', reason: 'discarded_hash' });
      if (spiking) return Promise.resolve({ kind: 'spiked' });
      return submitErrorEvent(row).then((o) => {
        if (o.kind === 'stored' && row.release)
          sightings.push({ projectId: row.projectId, version: row.release, at: row.timestamp });
        return o;
      });
    }),
  );
  // Outside the batch statement; a map lookup unless the release is new or was last written a minute ago.
  if (sightings.length > 0) await noteReleases(sightings);
  countOutcomes(key, units, outcomes, count);
  return combine(key, units, outcomes);
}

/** The Stats page's category of a unit: a browser security report is an error event counted apart, as Sentry does. */
const categoryOf = (u: IngestUnit): Category => (u.kind === 'error' && u.security ? 'security' : u.kind);

const OUTCOME_OF = {
  stored: ['accepted', ''],
  duplicate: ['filtered', 'duplicate_event_id'],
  quota_exceeded: ['over_quota', 'usage_exceeded'],
  unstorable: ['invalid', 'unstorable_value'],
} as const;

type Filtered = { kind: 'filtered'; reason: FilterReason };
type Spiked = { kind: 'spiked' };

/** What happened to each unit, for the Stats page (lib/outcomes). */
function countOutcomes(
  key: IngestKey,
  units: IngestUnit[],
  outcomes: (ErrorOutcome | TransactionOutcome | Filtered | Spiked)[],
  count: CountOutcome,
): void {
  for (const [i, o] of outcomes.entries()) {
    if (o.kind === 'unauthorized') continue;
    if (o.kind === 'spiked') {
      count({
        projectId: key.projectId,
        category: categoryOf(units[i]),
        outcome: 'rate_limited',
        reason: 'spike_protection',
      });
      continue;
    }
    if (o.kind === 'filtered') {
      count({ projectId: key.projectId, category: categoryOf(units[i]), outcome: 'filtered', reason: o.reason });
      continue;
    }
    const [outcome, reason] = OUTCOME_OF[o.kind];
    count({ projectId: key.projectId, category: categoryOf(units[i]), outcome, reason });
  }
}

function combine(
  key: IngestKey,
  units: IngestUnit[],
  outcomes: (ErrorOutcome | TransactionOutcome | Filtered | Spiked)[],
): IngestOutcome {
  const issues: FieldIssue[] = [];
  let stored = 0;
  // Errors over the spike cap are refused as a rate limit (the SDK backs off), whatever else was stored.
  if (outcomes.some((o) => o.kind === 'spiked')) return { kind: 'rate_limited' };
  // A refused request may still have stored some of its units (the quota ran out midway): they are named, so
  // the spans of each stored transaction can follow it (an OTLP export's traces, answered as a partial success).
  const storedUnits = () => units.filter((_, i) => outcomes[i].kind === 'stored');
  for (const [i, o] of outcomes.entries()) {
    if (o.kind === 'unauthorized') {
      // The project was deleted after the key lookup.
      forgetIngestKey(key.publicKey);
      return { kind: 'unauthorized' };
    }
    if (o.kind === 'quota_exceeded') return { kind: 'quota_exceeded', stored: storedUnits() };
    if (o.kind === 'unstorable')
      issues.push({ path: units[i].path, message: 'Envelope contains values that cannot be stored' });
    if (o.kind === 'stored') stored++;
  }
  if (issues.length > 0) return { kind: 'invalid', issues, stored: storedUnits() };
  if (stored > 0 || units.length === 0) return { kind: 'stored', count: stored };
  return { kind: 'duplicate', repeats: outcomes.filter((o) => o.kind === 'duplicate').length };
}

/** An occurrence time: the envelope's, or the receipt time when it is missing or too far ahead. */
export function occurredAt(timestampMs: number | undefined, receivedAt: Date): Date {
  if (timestampMs === undefined || timestampMs > receivedAt.getTime() + MAX_FUTURE_SKEW_MS) return receivedAt;
  return new Date(timestampMs);
}

const LEVELS: Record<ErrorEnvelope['level'], Level> = {
  fatal: 'FATAL',
  error: 'ERROR',
  warning: 'WARNING',
  info: 'INFO',
  debug: 'DEBUG',
};
const jsonOrNull = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

function compact<T extends Record<string, unknown>>(o: T): Partial<T> | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const k in o) {
    const v = o[k];
    if (v === undefined) continue;
    out[k] = v;
    any = true;
  }
  return any ? (out as Partial<T>) : undefined;
}

/**
 * What regrouping a stored event needs beyond its fields (#63, the grouping preview): that it came in our own envelope
 * (grouped by the contract's hash), the fingerprint its SDK sent, and the in-app flags stack trace rules changed (frame
 * index → the flag as sent, null for none).
 */
function groupingDetails(u: ErrorUnit, g: RuledGrouping) {
  const sent = u.envelope.exception.stacktrace.frames;
  let origInApp: Record<number, boolean | null> | undefined;
  if (g.frames)
    for (const [i, f] of g.frames.entries()) if (f !== sent[i]) (origInApp ??= {})[i] = sent[i].in_app ?? null;
  return compact({
    native: u.grouping === 'native' ? true : undefined,
    fingerprint: u.envelope.fingerprint,
    origInApp,
  });
}

/** Fields beyond the spec, kept in the event's `details` column. */
function detailsOf(u: ErrorUnit, g: RuledGrouping) {
  const env = u.envelope;
  const { stackless, security } = u;
  const log = env.logentry;
  const exc = env.exception;
  return compact({
    exception: stackless ? undefined : compact({ type: exc.type, module: exc.module, mechanism: exc.mechanism }),
    platform: env.platform,
    logger: env.logger,
    serverName: env.server_name,
    transaction: env.transaction,
    sdk: env.sdk,
    logentry: log
      ? { message: log.message, params: log.params, formatted: log.formatted ?? formatMessage(log.message, log.params) }
      : undefined,
    causes: exc.causes,
    extra: env.extra,
    modules: env.modules,
    security,
    grouping: groupingDetails(u, g),
  });
}

function errorRow(key: IngestKey, u: ErrorUnit, receivedAt: Date): StoredEventInput {
  const env = u.envelope;
  const exc = env.exception;
  const g: RuledGrouping = key.grouping ? groupEvent(u, key.grouping.current) : groupingOf(u, key.groupingVersion);
  return {
    orgId: key.orgId,
    projectId: key.projectId,
    fingerprint: g.fingerprint,
    title: g.title,
    culprit: g.culprit,
    level: LEVELS[env.level],
    message: exc.value,
    eventId: env.event_id ?? null,
    timestamp: occurredAt(env.timestamp, receivedAt),
    receivedAt,
    environment: env.environment ?? null,
    release: env.release ?? null,
    json: {
      // An event without a stack has none to show (its mapping's placeholder frame only satisfied the envelope's shape).
      stacktrace: u.stackless ? null : JSON.stringify({ frames: g.frames ?? exc.stacktrace.frames }),
      contexts: jsonOrNull(env.contexts),
      tags: jsonOrNull(env.tags),
      userContext: jsonOrNull(env.user),
      request: jsonOrNull(env.request),
      breadcrumbs: jsonOrNull(env.breadcrumbs),
      details: jsonOrNull(detailsOf(u, g)),
    },
    rollup: rollupKeysOf({
      tags: env.tags,
      environment: env.environment,
      release: env.release,
      user: env.user,
      contexts: env.contexts,
    }),
  };
}

function transactionRow(key: IngestKey, u: TransactionUnit, receivedAt: Date): StoredTransactionInput {
  const t = u.envelope;
  return {
    orgId: key.orgId,
    projectId: key.projectId,
    name: t.name,
    duration: t.duration,
    status: t.status,
    vitals: t.vitals ?? {},
    timestamp: occurredAt(t.timestamp, receivedAt),
    receivedAt,
    environment: t.environment ?? null,
    release: t.release ?? null,
    traceId: t.trace_id ?? null,
  };
}
