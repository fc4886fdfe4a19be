// #51: a transaction's spans are one row of arrays, written by binary COPY without a foreign key. The insert trigger
// stands for one: spans of a project deleted before their write are refused (its envelopes' spans are not counted
// as accepted) while the spans written beside them in the same batch are stored; the spans read back field by field
// as sent (ids, parents, times, durations, ops, descriptions, statuses, data), with the segment span marked.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { spansOfTransaction } from '@/lib/ingest/items/spans';
import { storeSpans } from '@/lib/ingest/items/spans/span-writer';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function transaction(traceId: string) {
  const root = hex(8);
  const start = Date.now() / 1000 - 1;
  return {
    root,
    event: {
      transaction: 'GET /cart',
      start_timestamp: start,
      timestamp: start + 0.5,
      environment: 'production',
      release: 'shop@1.0.0',
      contexts: { trace: { trace_id: traceId, span_id: root, op: 'http.server', status: 'ok', data: { a: 1 } } },
      spans: [
        {
          span_id: hex(8),
          parent_span_id: root,
          op: 'db',
          description: 'SELECT * FROM "cart" WHERE id = $1',
          start_timestamp: start + 0.1,
          timestamp: start + 0.1255,
          status: 'ok',
          data: { 'db.system': 'postgresql', 'net.peer.port': 5432 },
        },
        {
          span_id: hex(8),
          parent_span_id: root,
          op: 'http.client',
          description: 'GET https://payments.internal/v1/cards\twith a tab, ünïcode and a \\ backslash',
          start_timestamp: start + 0.2,
          timestamp: start + 0.3,
        },
      ],
    },
  };
}

async function spanCount(project: number) {
  const { rows } = await pool().query<{ n: string | null }>(
    'SELECT sum(span_count) AS n FROM spans WHERE project = $1',
    [project],
  );
  return Number(rows[0].n ?? 0);
}

describe('spans storage', () => {
  it('reads back every field as sent; spans of a project deleted before the write are refused, their neighbours stored', async () => {
    const s = await signUp();
    const live = await createProject(s.client, 'Live');
    const gone = await createProject((await signUp()).client, 'Gone');
    const keyOf = (p: typeof live) => ({ projectId: p.id, projectNumber: p.number }) as IngestKey;
    await db.project.delete({ where: { id: gone.id } });

    const traceId = hex(16);
    const sent = transaction(traceId);
    const rows = spansOfTransaction(sent.event);
    const other = spansOfTransaction(transaction(hex(16)).event);
    // Submitted in the same turn: one batch, whose COPY the trigger refuses; then each alone.
    await Promise.all([storeSpans(keyOf(live), rows), storeSpans(keyOf(gone), other)]);
    expect(await spanCount(live.number)).toBe(3);
    expect(await spanCount(gone.number)).toBe(0);
    await flushOutcomes();
    const accepted = await pool().query<{ project_id: string; n: string }>(
      `SELECT project_id, sum(quantity) AS n FROM outcomes WHERE category = 'span' AND outcome = 'accepted'
        AND project_id = ANY($1) GROUP BY 1`,
      [[live.id, gone.id]],
    );
    expect(accepted.rows.map((r) => [r.project_id, Number(r.n)])).toEqual([[live.id, 3]]);

    const res = await s.client.get(`/api/v1/organization/traces/${traceId}`);
    expect(res.status).toBe(200);
    const spans = res.body.data.spans as Record<string, unknown>[];
    const byId = new Map(spans.map((x) => [x.spanId, x]));
    const [db1, http] = sent.event.spans;
    expect(byId.get(sent.root)).toMatchObject({
      parentSpanId: null,
      segmentId: sent.root,
      isSegment: true,
      op: 'http.server',
      description: 'GET /cart',
      status: 'ok',
      transaction: 'GET /cart',
      environment: 'production',
      release: 'shop@1.0.0',
      data: { a: 1 },
      projectId: live.id,
    });
    expect(byId.get(db1.span_id)).toMatchObject({
      parentSpanId: sent.root,
      segmentId: sent.root,
      isSegment: false,
      op: 'db',
      description: db1.description,
      status: 'ok',
      // As parsed (times in whole milliseconds): stored and read back unchanged.
      start: new Date(rows[1].startMs).toISOString(),
      durationMs: rows[1].durationMs,
      data: { 'db.system': 'postgresql', 'net.peer.port': 5432 },
      transaction: 'GET /cart',
    });
    expect(rows[1].spanId).toBe(db1.span_id);
    expect(rows[1].durationMs).toBeGreaterThan(20);
    expect(byId.get(http.span_id)).toMatchObject({ description: http.description, status: null, data: null });
  });
});
