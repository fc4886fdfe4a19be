// The tag rollup's share of erasing a person's events (#48): the pairs each event added (its tags, environment and
// release, and since #58 its flags and contexts), derived again from the stored event as ingest derived them.
import type pg from 'pg';
import { rollupKeysOf } from '@/lib/ingest/store/rollup-keys';

/** What an erased event's rollup pairs are derived from. */
export type TaggedEvent = {
  issue_id: string;
  tags: Record<string, string> | null;
  environment: string | null;
  release: string | null;
  contexts: Record<string, unknown> | null;
};

/**
 * The tag rollup without these events: a value's count goes down (the row goes, and its key's distinct values with
 * it, at zero); a value the issue never kept (past the cap) comes out of its key's `other`.
 */
export async function takeBackTags(c: pg.PoolClient, events: TaggedEvent[]) {
  const m = new Map<string, number>();
  for (const e of events)
    for (const [key, value] of rollupKeysOf(e).tags) {
      const k = JSON.stringify([e.issue_id, key, value]);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  if (m.size === 0) return;
  const rows = [...m].map(([k, n]) => [...(JSON.parse(k) as string[]), n] as const);
  const params = [rows.map((x) => x[0]), rows.map((x) => x[1]), rows.map((x) => x[2]), rows.map((x) => x[3])];
  const d = `unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS d(issue_id, key, value, n)`;
  // One statement per table: a statement cannot see its own parts' changes to a row.
  await c.query(
    `UPDATE issue_tag_keys k SET other = GREATEST(0, k.other - o.n)
     FROM (SELECT d.issue_id, d.key, sum(d.n)::int AS n FROM ${d}
           WHERE NOT EXISTS (SELECT 1 FROM issue_tag_values v WHERE v.issue_id = d.issue_id AND v.key = d.key AND v.value = d.value)
           GROUP BY 1, 2) o
     WHERE k.issue_id = o.issue_id AND k.key = o.key`,
    params,
  );
  await c.query(
    `UPDATE issue_tag_values v SET count = v.count - d.n FROM ${d}
     WHERE v.issue_id = d.issue_id AND v.key = d.key AND v.value = d.value`,
    params,
  );
  const gone = await c.query<{ issue_id: string; key: string }>(
    `DELETE FROM issue_tag_values v USING ${d}
     WHERE v.issue_id = d.issue_id AND v.key = d.key AND v.value = d.value AND v.count <= 0
     RETURNING v.issue_id, v.key`,
    params,
  );
  await c.query(
    `UPDATE issue_tag_keys k SET distinct_values = GREATEST(0, k.distinct_values - g.n)
     FROM (SELECT issue_id, key, count(*)::int AS n FROM unnest($1::text[], $2::text[]) AS g(issue_id, key) GROUP BY 1, 2) g
     WHERE k.issue_id = g.issue_id AND k.key = g.key`,
    [gone.rows.map((x) => x.issue_id), gone.rows.map((x) => x.key)],
  );
  await c.query(`DELETE FROM issue_tag_keys WHERE issue_id = ANY($1) AND distinct_values <= 0 AND other <= 0`, [
    [...new Set(events.map((e) => e.issue_id))],
  ]);
}
