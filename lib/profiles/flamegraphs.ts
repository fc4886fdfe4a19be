// Flame graphs (#47): the samples inside one span's time window (a continuous profiler's chunks cut by time and
// thread, or the transaction profile aligned on its transaction), and of a transaction name over a period.
import type { z } from 'zod';
import { badRequest, notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { readPool } from '@/lib/replica';
import { spanIdSql, transactionKey } from '@/lib/traces/span-keys';
import { SPAN_ROWS, STORED_SPAN_COLUMNS, spansOfRows } from '@/lib/traces/trace-api';
import { FlameBuilder } from './flame-tree';
import { DAY_MS, ownProject, type flamegraphQuery } from './profile-api';
import { addSamples, decode, PROFILE_COLUMNS, treeOf, type ProfileRef } from './profile-samples';

/** Profiled transactions a transaction name's aggregate reads (the most recent of the period). */
const AGGREGATE_TRANSACTIONS = 100;

type SpanRow = {
  start: Date;
  durationMs: number;
  transaction: string;
  profilerId: string | null;
  threadId: string | null;
};

async function spanOf(t: ProjectTenant, traceId: string, spanId: string) {
  // The trace's spans in this project (a span's data is in its row's bags, #51).
  const { rows } = await readPool().query(
    `SELECT ${STORED_SPAN_COLUMNS}
       FROM ${SPAN_ROWS} WHERE b.project = (SELECT number FROM projects WHERE id = $1) AND b.trace_id = $2::uuid LIMIT 10000`,
    [t.projectId, traceId],
  );
  const spans = spansOfRows(rows, new Map());
  const found = spans.find((s) => s.spanId === spanId);
  if (!found) throw notFound('Span');
  const asRow = (s: (typeof spans)[number]): SpanRow => {
    const d = (s.data ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
    return {
      start: s.start,
      durationMs: s.durationMs,
      transaction: s.transaction,
      profilerId: text(d['sentry.profiler_id']) ?? text(d['profiler_id']),
      threadId: text(d['thread.id']),
    };
  };
  const span = asRow(found);
  const seg = spans.find((s) => s.spanId === found.segmentId);
  return { span, segment: seg ? asRow(seg) : span };
}

/** The samples inside one span (a transaction's root span: the whole transaction). */
export async function spanFlamegraph(t: ProjectTenant, traceId: string, spanId: string) {
  await ownProject(t);
  const { span, segment } = await spanOf(t, traceId, spanId);
  const from = span.start.getTime();
  const to = from + span.durationMs;
  const profilerId = span.profilerId ?? segment.profilerId;
  let threadId = span.threadId ?? segment.threadId;
  const b = new FlameBuilder();
  const used: { id: string; kind: string }[] = [];
  if (profilerId) {
    // A chunk spans at most an hour: the bound keeps the index scan short.
    const { rows } = await readPool().query<ProfileRef>(
      `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND profiler_id = $2
          AND started_at < $4 AND ended_at >= $3 AND started_at > $3::timestamptz - interval '1 hour' ORDER BY started_at`,
      [t.projectId, profilerId, new Date(from), new Date(to)],
    );
    for (const r of rows) {
      addSamples(b, await decode(t.projectId, r), { origin: r.startedAt.getTime(), from, to, threadId });
      used.push({ id: r.id, kind: r.kind });
    }
  } else {
    // A transaction profile: of this trace and transaction, its time 0 where its transaction started.
    const { rows } = await readPool().query<ProfileRef>(
      `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND trace_id = $2 AND kind = 'transaction'
          AND (transaction = $3 OR transaction IS NULL) ORDER BY abs(extract(epoch FROM started_at - $4::timestamptz)) LIMIT 1`,
      [t.projectId, traceId, segment.transaction, segment.start],
    );
    for (const r of rows) {
      const p = await decode(t.projectId, r);
      const origin = p.window ? segment.start.getTime() - p.window.startMs : r.startedAt.getTime();
      threadId ??= p.window?.threadId ?? null;
      addSamples(b, p, { origin, from, to, threadId });
      used.push({ id: r.id, kind: r.kind });
    }
  }
  return {
    kind: 'span' as const,
    traceId,
    spanId,
    transaction: span.transaction,
    start: new Date(from).toISOString(),
    end: new Date(to).toISOString(),
    threadId,
    profiles: used,
    sampleCount: b.sampleCount,
    root: await treeOf(t, b),
  };
}

/** The samples of a transaction name's most recent profiled transactions in the period, merged. */
export async function transactionFlamegraph(t: ProjectTenant, transaction: string, days: number) {
  await ownProject(t);
  const since = new Date(Date.now() - days * DAY_MS);
  const b = new FlameBuilder();
  const { rows: own } = await readPool().query<ProfileRef>(
    `SELECT ${PROFILE_COLUMNS} FROM profiles WHERE project_id = $1 AND kind = 'transaction' AND transaction = $2
        AND started_at >= $3 ORDER BY started_at DESC LIMIT ${AGGREGATE_TRANSACTIONS}`,
    [t.projectId, transaction, since],
  );
  for (const r of own) {
    const p = await decode(t.projectId, r);
    const w = p.window ?? { startMs: 0, endMs: Infinity, threadId: null };
    const at = r.startedAt.getTime();
    addSamples(b, p, { origin: at, from: at + w.startMs, to: at + w.endMs, threadId: w.threadId });
  }
  // Transactions a continuous profiler sampled: their root spans name it.
  const { rows: segments } = await readPool().query<SpanRow>(
    `SELECT b.starts[b.segment_index] AS start, b.durations[b.segment_index] AS "durationMs", b.transaction,
            d ->> 'sentry.profiler_id' AS "profilerId", d ->> 'thread.id' AS "threadId"
       FROM spans b, LATERAL (SELECT b.data -> ${spanIdSql('b.span_ids[b.segment_index]')} AS d) bag
      WHERE b.txn_key = $5 AND b.project = (SELECT number FROM projects WHERE id = $1) AND b.transaction = $2
        AND b.received_at >= $3 AND b.segment_index IS NOT NULL AND d ->> 'sentry.profiler_id' IS NOT NULL
      ORDER BY b.received_at DESC LIMIT $4`,
    [t.projectId, transaction, since, AGGREGATE_TRANSACTIONS - own.length, transactionKey(t.projectId, transaction)],
  );
  if (segments.length) {
    const { rows: chunks } = await readPool().query<ProfileRef & { profilerId: string; endedAt: Date }>(
      `SELECT DISTINCT ON (p.id) p.id, p.kind, p.started_at AS "startedAt", p.ended_at AS "endedAt", p.profiler_id AS "profilerId", p.data
         FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(pid, s, e)
         JOIN profiles p ON p.project_id = $1 AND p.profiler_id = w.pid AND p.started_at < w.e AND p.ended_at >= w.s
                        AND p.started_at > w.s - interval '1 hour'`,
      [
        t.projectId,
        segments.map((s) => s.profilerId),
        segments.map((s) => s.start),
        segments.map((s) => new Date(s.start.getTime() + s.durationMs)),
      ],
    );
    for (const s of segments) {
      const from = s.start.getTime();
      const to = from + s.durationMs;
      for (const c of chunks)
        if (c.profilerId === s.profilerId && c.startedAt.getTime() < to && c.endedAt.getTime() >= from)
          addSamples(b, await decode(t.projectId, c), {
            origin: c.startedAt.getTime(),
            from,
            to,
            threadId: s.threadId,
          });
    }
  }
  return {
    kind: 'transaction' as const,
    transaction,
    days,
    profileCount: own.length + segments.length,
    sampleCount: b.sampleCount,
    root: await treeOf(t, b),
  };
}

export async function flamegraph(t: ProjectTenant, q: z.infer<typeof flamegraphQuery>) {
  if (q.traceId && q.spanId) return spanFlamegraph(t, q.traceId, q.spanId);
  if (q.transaction) return transactionFlamegraph(t, q.transaction, q.days);
  throw badRequest('Give traceId and spanId (one span), or transaction (a transaction name)');
}
