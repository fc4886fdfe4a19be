// The datasets Sentry's events endpoint reads here (lib/sentry-api/discover.ts): each says which fields it answers
// and their types, which search keys it filters on, and reads its rows with every value a parameter.
import { readPool } from '@/lib/replica';
import { AppError } from '@/lib/errors';
import { attributeContainments, attributeValueSql, restoreAttributes } from '@/lib/logs/compact';
import { SPAN_ROWS } from '@/lib/traces/trace-api';
import { spanIdSql } from '@/lib/traces/span-keys';
import { parseIssueRef, shortIdOf } from './ids';

export type Term = { key: string | null; value: string; negated: boolean };
type Project = { id: string; number: number; slug: string };
type RowsInput = { projects: Project[]; terms: Term[]; start: Date; end: Date | null } & {
  sort: string;
  offset: number;
  limit: number;
};
export type Row = Record<string, unknown> & { _project: Project };
type Bind = (v: unknown) => string;
export type Dataset = {
  sorts: string[];
  defaultWindowMs: number;
  knows: (field: string) => boolean;
  type: (field: string) => string;
  value: (row: Row, field: string) => unknown;
  rows: (input: RowsInput) => Promise<Row[]>;
};

const DAY_MS = 86_400_000;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const HEX32 = /^[0-9a-f]{32}$/i;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : null);

/**
 * The conditions of the search, every value a parameter: `text` for free text, `col` for `key:value` (null: the
 * dataset cannot search that key, a 400 naming it). `!key:value` is the condition's negation.
 */
function conditions(input: RowsInput, text: (p: Bind, v: string) => string, col: (p: Bind, t: Term) => string | null) {
  const params: unknown[] = [];
  const p: Bind = (v) => `$${params.push(v)}`;
  const conds = input.terms.map((t) => {
    const c = t.key === null ? text(p, t.value) : col(p, t);
    if (c === null)
      throw new AppError('BAD_REQUEST', `"${t.key}:" is not a search key of this dataset (docs/api-compat.md)`);
    return t.negated ? `NOT coalesce((${c}), false)` : `(${c})`;
  });
  return { params, p, conds };
}

async function rowsOf(text: string, params: unknown[], projects: Project[], key: 'projectId' | 'projectNumber') {
  const { rows } = await readPool().query<Record<string, unknown>>(text, params);
  const byKey = new Map(projects.map((p) => [key === 'projectId' ? p.id : p.number, p]));
  return rows.map((r) => ({ ...r, _project: byKey.get(r[key] as never)! }));
}

function window(p: Bind, input: RowsInput, column: string): string[] {
  return [`${column} >= ${p(input.start)}`, ...(input.end ? [`${column} <= ${p(input.end)}`] : [])];
}

const logs: Dataset = {
  sorts: ['-timestamp', 'timestamp'],
  defaultWindowMs: 14 * DAY_MS,
  // Any other field is an attribute of the line, null where a line lacks it (as Sentry answers).
  knows: (f) => /^[A-Za-z0-9_.\-:]{1,200}$/.test(f),
  type: (f) => (f === 'timestamp' ? 'date' : f === 'severity_number' || f === 'project.id' ? 'integer' : 'string'),
  value(r, f) {
    const named: Record<string, unknown> = {
      'sentry.item_id': r.id,
      id: r.id,
      trace: r.trace,
      severity: r.level,
      level: r.level,
      severity_number: r.severityNumber,
      timestamp: iso(r.timestamp),
      message: r.body,
      project: r._project.slug,
      'project.id': r._project.number,
      environment: r.environment,
      release: r.release,
      span_id: r.spanId,
      'sentry.message.template': r.template,
    };
    if (f in named) return named[f] ?? null;
    const attributes = restoreAttributes(r.attributes as never, r as never) as Record<string, unknown> | null;
    return attributes?.[f] ?? null;
  },
  async rows(input) {
    const { params, p, conds } = conditions(
      input,
      (b, v) => `l.body ILIKE ${b(like(v))}`,
      (b, t) => {
        if (t.key === 'severity' || t.key === 'level') return `l.level = ${b(t.value.toLowerCase())}`;
        if (t.key === 'message') return `l.body ILIKE ${b(like(t.value))}`;
        if (t.key === 'environment' || t.key === 'release') return `l.${t.key} = ${b(t.value)}`;
        if (t.key === 'trace') return HEX32.test(t.value) ? `l.trace_id = ${b(t.value.toLowerCase())}::uuid` : 'false';
        // Any other key is an attribute; the containments let the attributes' index find a rare value.
        const equal = `${attributeValueSql(b(t.key!), t.key!)} = ${b(t.value)}`;
        const bags = attributeContainments(t.key!, t.value).map((bag) => `l.attributes @> ${b(bag)}::jsonb`);
        return bags.length ? `(${bags.join(' OR ')}) AND ${equal}` : equal;
      },
    );
    const ids = p(input.projects.map((x) => x.id));
    const dir = input.sort === 'timestamp' ? 'ASC' : 'DESC';
    return rowsOf(
      `SELECT l.id::text AS id, l.timestamp, l.level, l.severity_number AS "severityNumber", l.body, l.template, l.attributes,
              replace(l.trace_id::text, '-', '') AS trace, ${spanIdSql('l.span_id')} AS "spanId", l.environment, l.release,
              l.project_id AS "projectId"
         FROM logs l WHERE l.project_id = ANY(${ids}::text[]) AND ${[...window(p, input, 'l.timestamp'), ...conds].join(' AND ')}
        ORDER BY l.timestamp ${dir}, l.id ${dir} OFFSET ${input.offset} LIMIT ${input.limit}`,
      params,
      input.projects,
      'projectId',
    );
  },
};

const ERROR_FIELDS: Record<string, string> = {
  id: 'string',
  title: 'string',
  message: 'string',
  timestamp: 'date',
  project: 'string',
  'project.id': 'integer',
  issue: 'string',
  'issue.id': 'integer',
  level: 'string',
  environment: 'string',
  release: 'string',
  culprit: 'string',
  trace: 'string',
  transaction: 'string',
  platform: 'string',
  'event.type': 'string',
  'user.id': 'string',
  'user.email': 'string',
  'user.username': 'string',
  'user.ip': 'string',
};
const USER_KEYS: Record<string, string> = {
  'user.id': 'id',
  'user.email': 'email',
  'user.username': 'username',
  'user.ip': 'ip_address',
};

const errors: Dataset = {
  sorts: ['-timestamp', 'timestamp'],
  defaultWindowMs: 14 * DAY_MS,
  knows: (f) => f in ERROR_FIELDS || /^tags\[[A-Za-z0-9_.\-:]{1,200}\]$/.test(f),
  type: (f) => ERROR_FIELDS[f] ?? 'string',
  value(r, f) {
    const user = (r.userContext ?? {}) as Record<string, unknown>;
    const tag = /^tags\[(.+)\]$/.exec(f);
    if (tag) return ((r.tags ?? {}) as Record<string, unknown>)[tag[1]] ?? null;
    if (f in USER_KEYS) return user[USER_KEYS[f]] ?? null;
    const named: Record<string, unknown> = {
      id: (r.eventId as string | null) ?? (r.id as string).replace(/-/g, ''),
      title: r.title,
      message: r.message,
      timestamp: iso(r.timestamp),
      project: r._project.slug,
      'project.id': r._project.number,
      issue: shortIdOf(r._project.slug, BigInt(r.issueNumber as string)),
      'issue.id': Number(r.issueNumber),
      level: (r.level as string).toLowerCase(),
      environment: r.environment,
      release: r.release,
      culprit: r.culprit,
      trace: r.trace,
      transaction: r.transaction,
      platform: r.platform,
      'event.type': 'error',
    };
    return named[f] ?? null;
  },
  async rows(input) {
    const { params, p, conds } = conditions(
      input,
      (b, v) => `(e.message ILIKE ${b(like(v))} OR i.title ILIKE ${b(like(v))})`,
      (b, t) => {
        const key = t.key!;
        if (key === 'level') return `e.level = ${b(t.value.toUpperCase())}::level`;
        if (key === 'environment' || key === 'release') return `e.${key} = ${b(t.value)}`;
        if (key === 'message') return `e.message ILIKE ${b(like(t.value))}`;
        if (key === 'title') return `i.title ILIKE ${b(like(t.value))}`;
        if (key === 'trace') return `e.contexts -> 'trace' ->> 'trace_id' = ${b(t.value.toLowerCase())}`;
        if (key === 'transaction') return `e.details ->> 'transaction' = ${b(t.value)}`;
        if (key in USER_KEYS) return `e.user_context ->> '${USER_KEYS[key]}' = ${b(t.value)}`;
        if (key === 'issue' || key === 'issue.id') {
          const ref = parseIssueRef(t.value);
          if (!ref) return 'false';
          return ref.kind === 'short'
            ? `i.number = ${b(ref.number)}::bigint AND EXISTS (SELECT 1 FROM projects pr WHERE pr.id = i.project_id AND pr.slug = ${b(ref.slug)})`
            : `i.number = ${b(ref.number)}::bigint`;
        }
        const tag = /^tags\[(.+)\]$/.exec(key)?.[1] ?? key;
        return `e.tags ->> ${b(tag)} = ${b(t.value)}`;
      },
    );
    const ids = p(input.projects.map((x) => x.id));
    const dir = input.sort === 'timestamp' ? 'ASC' : 'DESC';
    // Newest received first: the (project, received_at) index of each day's partition, never a sort of the period.
    return rowsOf(
      `SELECT e.id, e.event_id AS "eventId", e.project_id AS "projectId", e.level::text AS level, e.message, e.environment,
              e.release, e.timestamp, e.contexts -> 'trace' ->> 'trace_id' AS trace, e.details ->> 'transaction' AS transaction,
              e.details ->> 'platform' AS platform, e.user_context AS "userContext", e.tags, i.number::text AS "issueNumber",
              i.title, i.culprit
         FROM events e JOIN issues i ON i.id = e.issue_id
        WHERE e.project_id = ANY(${ids}::text[]) AND ${[...window(p, input, 'e.received_at'), ...conds].join(' AND ')}
        ORDER BY e.received_at ${dir}, e.id ${dir} OFFSET ${input.offset} LIMIT ${input.limit}`,
      params,
      input.projects,
      'projectId',
    );
  },
};

const SPAN_FIELDS: Record<string, string> = {
  id: 'string',
  span_id: 'string',
  'span.op': 'string',
  'span.description': 'string',
  'span.duration': 'duration',
  'span.status': 'string',
  parent_span: 'string',
  'transaction.span_id': 'string',
  is_transaction: 'boolean',
  transaction: 'string',
  trace: 'string',
  timestamp: 'date',
  project: 'string',
  'project.id': 'integer',
  environment: 'string',
  release: 'string',
};

const spans: Dataset = {
  sorts: ['-timestamp', 'timestamp', '-span.duration', 'span.duration'],
  defaultWindowMs: DAY_MS,
  knows: (f) => f in SPAN_FIELDS,
  type: (f) => SPAN_FIELDS[f],
  value(r, f) {
    const named: Record<string, unknown> = {
      id: r.spanId,
      span_id: r.spanId,
      'span.op': r.op,
      'span.description': r.description,
      'span.duration': r.durationMs,
      'span.status': r.status,
      parent_span: r.parentSpanId,
      'transaction.span_id': r.segmentId,
      is_transaction: r.isSegment,
      transaction: r.transaction,
      trace: r.trace,
      timestamp: iso(r.start),
      project: r._project.slug,
      'project.id': r._project.number,
      environment: r.environment,
      release: r.release,
    };
    return named[f] ?? null;
  },
  async rows(input) {
    const { params, p, conds } = conditions(
      input,
      (b, v) => `s.description ILIKE ${b(like(v))}`,
      (b, t) => {
        const simple: Record<string, string> = {
          'span.op': 's.op',
          'span.status': 's.status',
          transaction: 'b.transaction',
          environment: 'b.environment',
          release: 'b.release',
        };
        if (simple[t.key!]) return `${simple[t.key!]} = ${b(t.value)}`;
        if (t.key === 'span.description') return `s.description ILIKE ${b(like(t.value))}`;
        if (t.key === 'trace') return HEX32.test(t.value) ? `b.trace_id = ${b(t.value.toLowerCase())}::uuid` : 'false';
        if (t.key === 'is_transaction') return `coalesce(s.i = b.segment_index, false) = ${b(t.value === 'true')}`;
        return null;
      },
    );
    const numbers = p(input.projects.map((x) => x.number));
    const order = input.sort.replace(/^-/, '') === 'span.duration' ? 's.duration' : 's.start';
    const dir = input.sort.startsWith('-') ? 'DESC' : 'ASC';
    return rowsOf(
      `SELECT b.project AS "projectNumber", ${spanIdSql('s.span_id')} AS "spanId", ${spanIdSql('s.parent_id')} AS "parentSpanId",
              ${spanIdSql('b.segment_id')} AS "segmentId", b.transaction, s.op, s.description, s.status, s.start,
              s.duration AS "durationMs", coalesce(s.i = b.segment_index, false) AS "isSegment", b.environment, b.release,
              replace(b.trace_id::text, '-', '') AS trace
         FROM ${SPAN_ROWS}
        WHERE b.project = ANY(${numbers}::int[]) AND ${[...window(p, input, 'b.received_at'), ...conds].join(' AND ')}
        ORDER BY ${order} ${dir}, s.span_id ${dir} OFFSET ${input.offset} LIMIT ${input.limit}`,
      params,
      input.projects,
      'projectNumber',
    );
  },
};

export const DATASETS = { logs, errors, spans } as const;
export type DatasetName = keyof typeof DATASETS;
