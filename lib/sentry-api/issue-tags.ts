// An issue's tags as Sentry's tag endpoints answer them, read from the tag rollup written with each event
// (issue_tag_keys, issue_tag_values). The rollup keeps counts, not times: a value's firstSeen and lastSeen are null.
import { readDb } from '@/lib/replica';
import { CONTEXT_PREFIX } from '@/lib/envelope/rollup-prefixes';
import { offsetCursors } from './cursor';
import { tagName } from './issue-details';
import { sentryNotFound } from './org';

type ValueRow = { key: string; value: string; count: number };
const valueOf = (r: ValueRow) => ({
  key: r.key,
  name: r.value,
  value: r.value,
  count: r.count,
  lastSeen: null,
  firstSeen: null,
});

type KeyRow = { key: string; distinct: number; total: number; top: ValueRow[] };

async function keysOf(issueId: string, key: string | null, topValues: number): Promise<KeyRow[]> {
  return readDb().$queryRaw<KeyRow[]>`
    SELECT k.key, k.distinct_values AS distinct,
           (k.other + coalesce((SELECT sum(v.count) FROM issue_tag_values v WHERE v.issue_id = k.issue_id AND v.key = k.key), 0))::int AS total,
           coalesce((SELECT json_agg(json_build_object('key', t.key, 'value', t.value, 'count', t.count) ORDER BY t.count DESC, t.value)
                     FROM (SELECT key, value, count FROM issue_tag_values WHERE issue_id = k.issue_id AND key = k.key
                           ORDER BY count DESC, value LIMIT ${topValues}::int) t), '[]'::json) AS top
    FROM issue_tag_keys k
    WHERE k.issue_id = ${issueId} AND k.key NOT LIKE ${`${CONTEXT_PREFIX}%`} AND (${key}::text IS NULL OR k.key = ${key})
    ORDER BY total DESC, k.key`;
}

const keyOut = (k: KeyRow) => ({
  key: k.key,
  name: tagName(k.key),
  uniqueValues: k.distinct,
  totalValues: k.total,
  topValues: k.top.map(valueOf),
});

/** `GET …/issues/{id}/tags/`: every key with its most common values. */
export async function issueTagKeys(issueId: string, opts: { key: string | null; limit: number }) {
  return (await keysOf(issueId, opts.key, opts.limit)).map(keyOut);
}

/** `GET …/issues/{id}/tags/{key}/`: one key; a key the issue never had is 404. */
export async function issueTagKey(issueId: string, key: string) {
  const [row] = await keysOf(issueId, key, 9);
  if (!row) throw sentryNotFound();
  return keyOut(row);
}

/** `GET …/issues/{id}/tags/{key}/values/`: the key's values, most common first, a page at a time. */
export async function issueTagValues(issueId: string, key: string, page: { offset: number; limit: number }) {
  await issueTagKey(issueId, key);
  const rows = await readDb().$queryRaw<ValueRow[]>`
    SELECT key, value, count FROM issue_tag_values WHERE issue_id = ${issueId} AND key = ${key}
    ORDER BY count DESC, value OFFSET ${page.offset}::int LIMIT ${page.limit + 1}::int`;
  return {
    values: rows.slice(0, page.limit).map(valueOf),
    links: offsetCursors(page.offset, page.limit, rows.length > page.limit),
  };
}
