// The batch statement of error events and transactions (lib/ingest/store/event-writer.ts runs it): one statement per
// batch claims the quota, de-duplicates event ids, upserts issues, inserts the rows and keeps every rollup.
import { MAX_TAG_KEYS_PER_ISSUE, MAX_TAG_VALUES_PER_KEY } from './rollup-keys';
import { CONTEXT_PREFIX, FLAG_PREFIX } from './context-keys';
import type { StoredEventInput, StoredTransactionInput } from './event-inputs';

export const ENSURE_USAGE_SQL = `INSERT INTO monthly_usage (org_id, month) SELECT * FROM unnest($1::text[], $2::text[])
ON CONFLICT (org_id, month) DO NOTHING`;

export type ErrorRow = { pos: number; e: StoredEventInput; month: string };
export type TransactionRow = { pos: number; t: StoredTransactionInput; month: string };
/** A column of a batch: its name in the statement, its PostgreSQL type, its value, and the table column it fills (if any). */
type Column<R> = { name: string; type: string; value: (r: R) => unknown; into?: string };

// The one table of the error events' columns: adding a column to `events` is one line here.
export const EVENT_COLUMNS: Column<ErrorRow>[] = [
  { name: 'pos', type: 'int', value: (r) => r.pos },
  { name: 'org_id', type: 'text', value: (r) => r.e.orgId },
  { name: 'month', type: 'text', value: (r) => r.month },
  { name: 'project_id', type: 'text', value: (r) => r.e.projectId, into: 'project_id' },
  { name: 'event_id', type: 'text', value: (r) => r.e.eventId, into: 'event_id' },
  { name: 'level', type: 'level', value: (r) => r.e.level, into: 'level' },
  { name: 'fingerprint', type: 'text', value: (r) => r.e.fingerprint },
  { name: 'title', type: 'text', value: (r) => r.e.title },
  { name: 'culprit', type: 'text', value: (r) => r.e.culprit },
  { name: 'message', type: 'text', value: (r) => r.e.message, into: 'message' },
  { name: 'stacktrace', type: 'jsonb', value: (r) => r.e.json.stacktrace, into: 'stacktrace' },
  { name: 'contexts', type: 'jsonb', value: (r) => r.e.json.contexts, into: 'contexts' },
  { name: 'tags', type: 'jsonb', value: (r) => r.e.json.tags, into: 'tags' },
  { name: 'user_context', type: 'jsonb', value: (r) => r.e.json.userContext, into: 'user_context' },
  { name: 'request', type: 'jsonb', value: (r) => r.e.json.request, into: 'request' },
  { name: 'breadcrumbs', type: 'jsonb', value: (r) => r.e.json.breadcrumbs, into: 'breadcrumbs' },
  { name: 'details', type: 'jsonb', value: (r) => r.e.json.details, into: 'details' },
  { name: 'environment', type: 'text', value: (r) => r.e.environment, into: 'environment' },
  { name: 'release', type: 'text', value: (r) => r.e.release, into: 'release' },
  { name: 'ts', type: 'timestamptz', value: (r) => r.e.timestamp.toISOString(), into: 'timestamp' },
  { name: 'received_at', type: 'timestamptz', value: (r) => r.e.receivedAt.toISOString(), into: 'received_at' },
  { name: 'user_key', type: 'text', value: (r) => r.e.rollup.user },
];

export const TRANSACTION_COLUMNS: Column<TransactionRow>[] = [
  { name: 'pos', type: 'int', value: (r) => r.pos },
  { name: 'org_id', type: 'text', value: (r) => r.t.orgId },
  { name: 'month', type: 'text', value: (r) => r.month },
  { name: 'project_id', type: 'text', value: (r) => r.t.projectId, into: 'project_id' },
  { name: 'name', type: 'text', value: (r) => r.t.name, into: 'name' },
  { name: 'duration', type: 'float8', value: (r) => r.t.duration, into: 'duration' },
  { name: 'status', type: 'text', value: (r) => r.t.status, into: 'status' },
  { name: 'lcp', type: 'float8', value: (r) => r.t.vitals.lcp ?? null, into: 'lcp' },
  { name: 'cls', type: 'float8', value: (r) => r.t.vitals.cls ?? null, into: 'cls' },
  { name: 'fcp', type: 'float8', value: (r) => r.t.vitals.fcp ?? null, into: 'fcp' },
  { name: 'ttfb', type: 'float8', value: (r) => r.t.vitals.ttfb ?? null, into: 'ttfb' },
  { name: 'ts', type: 'timestamptz', value: (r) => r.t.timestamp.toISOString(), into: 'timestamp' },
  { name: 'received_at', type: 'timestamptz', value: (r) => r.t.receivedAt.toISOString(), into: 'received_at' },
  { name: 'environment', type: 'text', value: (r) => r.t.environment, into: 'environment' },
  { name: 'release', type: 'text', value: (r) => r.t.release, into: 'release' },
  { name: 'trace_id', type: 'text', value: (r) => r.t.traceId, into: 'trace_id' },
];

// $1, $2: the usage keys (org, month); $3: the plans' limits; then one array parameter per column.
const FIRST_EVENT_PARAM = 4;
const FIRST_TRANSACTION_PARAM = FIRST_EVENT_PARAM + EVENT_COLUMNS.length;
// Then the accepted events' tags, flattened: position in the batch, key, value.
const FIRST_TAG_PARAM = FIRST_TRANSACTION_PARAM + TRANSACTION_COLUMNS.length;
// Rollup buckets are aligned on the Unix epoch, whatever the session's time zone.
const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;
/** A rollup key's namespace, each with its own per-issue key cap: 0 tags, 1 feature flags, 2 contexts (#58). */
const namespaceOf = (key: string) =>
  `(CASE WHEN ${key} LIKE '${FLAG_PREFIX}%' THEN 1 WHEN ${key} LIKE '${CONTEXT_PREFIX}%' THEN 2 ELSE 0 END)`;

/**
 * An event's JSON documents (its stack trace, breadcrumbs, contexts…: most of its bytes) go from their parameters
 * straight into the events insert (docs); the CTEs that de-duplicate, count and group carry only the other columns.
 */
const isDocument = <R>(c: Column<R>) => c.type === 'jsonb';

/** Each column with the number of its parameter (the columns' parameters are consecutive from firstParam). */
const numbered = <R>(columns: Column<R>[], firstParam: number) => columns.map((c, i) => ({ c, n: firstParam + i }));

/** The columns that are not documents, one row per batch position, each from its array parameter. */
function unnestOf<R>(columns: Column<R>[], firstParam: number, alias: string): string {
  const picked = numbered(columns, firstParam).filter(({ c }) => !isDocument(c));
  const params = picked.map(({ c, n }) => `$${n}::${c.type}[]`).join(', ');
  return `SELECT * FROM unnest(${params}) AS ${alias}(${picked.map(({ c }) => c.name).join(', ')})`;
}

/**
 * The documents beside their rows' positions. Each arrives as one JSON array of the rows' values (lib/ingest/store/
 * event-writer.ts jsonColumn: the values are JSON text already, so nothing is escaped again, #51), its JSON nulls the
 * rows without a value; ROWS FROM zips the arrays' elements in order, with no array built or sorted on the way.
 */
function documentsOf<R>(columns: Column<R>[], firstParam: number, alias: string): string {
  const all = numbered(columns, firstParam);
  const pos = all.find(({ c }) => c.name === 'pos')!;
  const docs = all.filter(({ c }) => isDocument(c));
  const sources = [`unnest($${pos.n}::int[])`, ...docs.map(({ n }) => `jsonb_array_elements($${n}::jsonb)`)];
  const values = docs.map(({ c }) => `NULLIF(${alias}.${c.name}, 'null'::jsonb) AS ${c.name}`);
  const names = ['pos', ...docs.map(({ c }) => c.name)];
  return `SELECT ${alias}.pos, ${values.join(', ')} FROM ROWS FROM (${sources.join(', ')}) AS ${alias}(${names.join(', ')})`;
}
const intoList = <R>(columns: Column<R>[]) =>
  columns
    .filter((c) => c.into)
    .map((c) => c.into)
    .join(', ');
const fromList = <R>(columns: Column<R>[], alias: (c: Column<R>) => string) =>
  columns
    .filter((c) => c.into)
    .map((c) => `${alias(c)}.${c.name}`)
    .join(', ');

// One statement per batch (a lone envelope is a batch of one), in autocommit: the usage rows stay locked
// only while it runs and its commit is flushed, never across round trips to this process.
//  lk     locks the (org, month) usage rows in sorted order and reads what remains of each quota;
//  fresh  error events that repeat no stored event_id (event_ids: events are partitioned by day, so their own
//         unique key could not span days) nor an earlier one of the batch, ranked per (org, month);
//  acc    the fresh events within what remains (arrival order); tacc the transactions that arrive before the
//         quota is exhausted; nothing is accepted unless every usage row was found (the caller then retries);
//  wlock  changes nothing: it makes the statement's first lock on the issues table the upsert's ROW EXCLUSIVE, which
//         waits behind partition maintenance (lib/retention/partitions.ts locks issues before events), instead of
//         prev's ROW SHARE, which would not and then deadlock against its DROP of a partition;
//  prev   the existing issues the batch touches, locked in the upsert's order before it: the status read here is
//         the one the upsert changes, so exactly one statement reopens a resolved issue (a regression) and knows it;
//  grp    the accepted events per (project, fingerprint); regressed_at is set when the issue was RESOLVED and an event
//         may reopen it (any event, or with "resolve in next release" one of a release other than the recorded one
//         and not created at or before it: a release unknown to the releases table is new);
//  iss    one upsert per (project, fingerprint), in sorted order; ai the accepted events with their issue;
//         ev, ids, tx the multi-row inserts (ev joins each event's documents from docs by position);
//         cnt the usage counts;
//  then the rollups (each aggregates, so iss has locked its issue rows before any rollup row is touched):
//  hourly (issue, hour of occurrence), minutes (project, minute of receipt), users_new/user_counts (the exact
//  set of distinct users per issue and its size), tagg..tk (tag values per issue and key: a key the issue has
//  not seen is kept while the issue has fewer than MAX_TAG_KEYS_PER_ISSUE keys of its namespace (tags, flags.*,
//  contexts.*), a value while its key has fewer than
//  MAX_TAG_VALUES_PER_KEY; later values count in the key's `other`). The caps are checked against the statement's
//  snapshot, so batches of one organization that waited on each other's usage lock can overshoot them by
//  what they add together; the counts themselves stay exact (ON CONFLICT sees committed rows).
export const BATCH_SQL = `
WITH lk AS MATERIALIZED (
  SELECT u.org_id, u.month, GREATEST(0, ($3::jsonb ->> o.plan::text)::int - u.used) AS remaining
  FROM monthly_usage u JOIN organizations o ON o.id = u.org_id
  WHERE (u.org_id, u.month) IN (SELECT * FROM unnest($1::text[], $2::text[]))
  ORDER BY u.org_id, u.month
  FOR UPDATE OF u
), complete AS MATERIALIZED (
  SELECT (SELECT count(*) FROM lk) = cardinality($1::text[]) AS ok
), e AS (
  ${unnestOf(EVENT_COLUMNS, FIRST_EVENT_PARAM, 'e')}
), docs AS (
  ${documentsOf(EVENT_COLUMNS, FIRST_EVENT_PARAM, 'd')}
), fresh AS MATERIALIZED (
  SELECT d.*, row_number() OVER (PARTITION BY d.org_id, d.month ORDER BY d.pos) AS rank
  FROM (SELECT e.*, row_number() OVER (PARTITION BY e.project_id, e.event_id ORDER BY e.pos) AS nth FROM e) d
  WHERE d.event_id IS NULL
     OR (d.nth = 1 AND NOT EXISTS (SELECT 1 FROM event_ids x WHERE x.project_id = d.project_id AND x.event_id = d.event_id))
), acc AS MATERIALIZED (
  SELECT f.* FROM fresh f JOIN lk ON lk.org_id = f.org_id AND lk.month = f.month
  WHERE f.rank <= lk.remaining AND (SELECT ok FROM complete)
), t AS (
  ${unnestOf(TRANSACTION_COLUMNS, FIRST_TRANSACTION_PARAM, 't')}
), tacc AS MATERIALIZED (
  SELECT t.* FROM t JOIN lk ON lk.org_id = t.org_id AND lk.month = t.month
  WHERE (SELECT count(*) FROM fresh f WHERE f.org_id = t.org_id AND f.month = t.month AND f.pos < t.pos) < lk.remaining
    AND (SELECT ok FROM complete)
), wlock AS (
  UPDATE issues SET id = id WHERE false
), prev AS MATERIALIZED (
  SELECT i.project_id, i.fingerprint, i.status, i.resolved_in_release, i.resolved_in_release_at
  FROM issues i
  WHERE (i.project_id, i.fingerprint) IN (SELECT project_id, fingerprint FROM acc)
  ORDER BY i.project_id, i.fingerprint
  FOR UPDATE OF i
), grp AS MATERIALIZED (
  SELECT a.project_id, a.fingerprint, (array_agg(a.title ORDER BY a.pos))[1] AS title, (array_agg(a.culprit ORDER BY a.pos))[1] AS culprit,
         (array_agg(a.level ORDER BY a.pos DESC))[1] AS level, count(*)::int AS n, min(a.ts) AS first_seen, max(a.ts) AS last_seen,
         max(a.received_at) AS received_at,
         CASE WHEN bool_or(p.status = 'RESOLVED' AND (p.resolved_in_release_at IS NULL OR (
                nullif(a.release, '') IS NOT NULL AND a.release <> p.resolved_in_release
                AND NOT EXISTS (SELECT 1 FROM releases r WHERE r.project_id = a.project_id AND r.version = a.release AND r.created_at <= p.resolved_in_release_at))))
              THEN max(a.received_at) END AS regressed_at
  FROM acc a LEFT JOIN prev p ON p.project_id = a.project_id AND p.fingerprint = a.fingerprint
  GROUP BY a.project_id, a.fingerprint
), iss AS (
  INSERT INTO issues AS i (project_id, fingerprint, title, culprit, status, level, event_count, first_seen, last_seen, created_at, updated_at, regressed_at)
  SELECT project_id, fingerprint, title, culprit, 'UNRESOLVED', level, n, first_seen, last_seen, received_at, received_at, regressed_at
  FROM grp
  ORDER BY project_id, fingerprint
  ON CONFLICT (project_id, fingerprint) DO UPDATE
     SET event_count = i.event_count + EXCLUDED.event_count,
         first_seen = LEAST(i.first_seen, EXCLUDED.first_seen),
         last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
         level = EXCLUDED.level,
         status = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN 'UNRESOLVED'::issue_status ELSE i.status END,
         regressed_at = coalesce(EXCLUDED.regressed_at, i.regressed_at),
         resolved_in_release = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN NULL ELSE i.resolved_in_release END,
         resolved_in_release_at = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN NULL ELSE i.resolved_in_release_at END,
         updated_at = EXCLUDED.updated_at
  RETURNING i.id, i.project_id, i.fingerprint, (i.xmax = 0) AS inserted
), ai AS MATERIALIZED (
  SELECT a.*, iss.id AS issue_id, iss.inserted, g.regressed_at IS NOT NULL AS regressed
  FROM acc a
  JOIN iss ON iss.project_id = a.project_id AND iss.fingerprint = a.fingerprint
  JOIN grp g ON g.project_id = a.project_id AND g.fingerprint = a.fingerprint
), ev AS (
  INSERT INTO events (issue_id, ${intoList(EVENT_COLUMNS)})
  SELECT a.issue_id, ${fromList(EVENT_COLUMNS, (c) => (isDocument(c) ? 'd' : 'a'))}
  FROM ai a JOIN docs d ON d.pos = a.pos
  ORDER BY a.pos
), ids AS (
  INSERT INTO event_ids (project_id, event_id, received_at)
  SELECT project_id, event_id, received_at FROM acc WHERE event_id IS NOT NULL ORDER BY project_id, event_id
), tx AS (
  INSERT INTO transactions (${intoList(TRANSACTION_COLUMNS)})
  SELECT ${fromList(TRANSACTION_COLUMNS, () => 'tacc')} FROM tacc ORDER BY pos
), cnt AS (
  UPDATE monthly_usage u
     SET used = u.used + c.used, errors = u.errors + c.errors, warnings = u.warnings + c.warnings, info = u.info + c.info,
         transactions = u.transactions + c.transactions
  FROM (
    SELECT lk.org_id, lk.month, coalesce(a.used, 0) AS used, coalesce(a.errors, 0) AS errors, coalesce(a.warnings, 0) AS warnings,
           coalesce(a.info, 0) AS info, coalesce(b.transactions, 0) AS transactions
    FROM lk
    LEFT JOIN (SELECT org_id, month, count(*)::int AS used,
                      (count(*) FILTER (WHERE level IN ('ERROR', 'FATAL')))::int AS errors,
                      (count(*) FILTER (WHERE level = 'WARNING'))::int AS warnings,
                      (count(*) FILTER (WHERE level IN ('INFO', 'DEBUG')))::int AS info
               FROM acc GROUP BY org_id, month) a ON a.org_id = lk.org_id AND a.month = lk.month
    LEFT JOIN (SELECT org_id, month, count(*)::int AS transactions FROM tacc GROUP BY org_id, month) b
           ON b.org_id = lk.org_id AND b.month = lk.month
  ) c
  WHERE u.org_id = c.org_id AND u.month = c.month AND (c.used > 0 OR c.transactions > 0)
), hourly AS (
  INSERT INTO issue_hourly_counts AS h (issue_id, hour, count)
  SELECT issue_id, date_bin('1 hour', ts, ${EPOCH}), count(*)::int FROM ai GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (issue_id, hour) DO UPDATE SET count = h.count + EXCLUDED.count
), minutes AS (
  INSERT INTO project_minute_counts AS m (project_id, minute, count)
  SELECT project_id, date_bin('1 minute', received_at, ${EPOCH}), count(*)::int FROM ai GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_id, minute) DO UPDATE SET count = m.count + EXCLUDED.count
), users_new AS (
  INSERT INTO issue_users (issue_id, user_hash)
  SELECT DISTINCT issue_id, md5(user_key)::uuid FROM ai WHERE user_key IS NOT NULL ORDER BY 1, 2
  ON CONFLICT DO NOTHING
  RETURNING issue_id
), user_counts AS (
  INSERT INTO issue_user_counts AS c (issue_id, project_id, users)
  SELECT u.issue_id, p.project_id, count(*)::int
  FROM users_new u JOIN (SELECT DISTINCT issue_id, project_id FROM ai) p ON p.issue_id = u.issue_id
  GROUP BY 1, 2 ORDER BY 1
  ON CONFLICT (issue_id) DO UPDATE SET users = c.users + EXCLUDED.users
), tagg AS MATERIALIZED (
  SELECT ai.issue_id, tg.key, tg.value, count(*)::int AS n
  FROM unnest($${FIRST_TAG_PARAM}::int[], $${FIRST_TAG_PARAM + 1}::text[], $${FIRST_TAG_PARAM + 2}::text[]) AS tg(pos, key, value)
  JOIN ai ON ai.pos = tg.pos
  GROUP BY 1, 2, 3
), tseen AS MATERIALIZED (
  -- What each issue already holds of the pair: its key's distinct values (null for a key new to the issue) and,
  -- only where it decides whether the value fits, the value itself. Index probes per pair, never a join between two
  -- CTEs (the generic plan cannot size those). A key with room for every value the batch brings (its distinct values
  -- plus the batch's, within the cap) takes them all without looking them up: value_known stays null.
  SELECT u.*,
         CASE WHEN coalesce(u.had, 0) + u.in_batch <= ${MAX_TAG_VALUES_PER_KEY} THEN NULL
              ELSE EXISTS (SELECT 1 FROM issue_tag_values v WHERE v.issue_id = u.issue_id AND v.key = u.key AND v.value = u.value) END AS value_known
  FROM (
    SELECT t.issue_id, t.key, t.value, t.n, ${namespaceOf('t.key')} AS ns,
           (SELECT x.distinct_values FROM issue_tag_keys x WHERE x.issue_id = t.issue_id AND x.key = t.key) AS had,
           count(*) OVER (PARTITION BY t.issue_id, t.key) AS in_batch
    FROM tagg t
  ) u
), tvals AS MATERIALIZED (
  SELECT s.issue_id, s.key, s.value, s.n, s.had,
         CASE WHEN s.had IS NOT NULL THEN true
              -- Only a key the issue has not seen needs the issue's key count (none in the steady state).
              ELSE (SELECT count(*) FROM issue_tag_keys y WHERE y.issue_id = s.issue_id AND ${namespaceOf('y.key')} = s.ns)
                   + dense_rank() OVER (PARTITION BY s.issue_id, s.had IS NULL, s.ns ORDER BY s.key) <= ${MAX_TAG_KEYS_PER_ISSUE} END AS key_fits,
         s.value_known IS NULL OR s.value_known
           OR coalesce(s.had, 0) + row_number() OVER (PARTITION BY s.issue_id, s.key, s.value_known ORDER BY s.n DESC, s.value) <= ${MAX_TAG_VALUES_PER_KEY} AS fits
  FROM tseen s
), tv_new AS (
  INSERT INTO issue_tag_values AS v (issue_id, key, value, count)
  SELECT issue_id, key, value, n FROM tvals WHERE key_fits AND fits ORDER BY 1, 2, 3
  ON CONFLICT (issue_id, key, value) DO UPDATE SET count = v.count + EXCLUDED.count
  RETURNING v.issue_id, v.key, (v.xmax = 0) AS inserted
), tk AS (
  -- A key's row changes only when its issue sees the key or one of its values for the first time, or a value falls
  -- into its "other" bucket: in the steady state no key row is written (a key's events are read as the sum of its values).
  INSERT INTO issue_tag_keys AS k (issue_id, key, distinct_values, other)
  SELECT issue_id, key, sum(added)::int, sum(other)::int
  FROM (SELECT issue_id, key, 0 AS added, CASE WHEN fits THEN 0 ELSE n END AS other FROM tvals WHERE key_fits AND (had IS NULL OR NOT fits)
        UNION ALL
        SELECT issue_id, key, 1, 0 FROM tv_new WHERE inserted) c
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (issue_id, key) DO UPDATE SET distinct_values = k.distinct_values + EXCLUDED.distinct_values, other = k.other + EXCLUDED.other
)
SELECT lk.org_id, lk.month, lk.remaining, NULL::int AS pos, NULL::text AS issue_id, NULL::boolean AS inserted, NULL::boolean AS regressed FROM lk
UNION ALL
SELECT NULL, NULL, NULL, a.pos, a.issue_id, a.inserted, a.regressed FROM ai a`;
