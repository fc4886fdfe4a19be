// The Logs page's API (#34): a project's log lines, newest first, filtered by level, text (in the message), an
// attribute (`key:value`) and trace, paged by cursor; the page polls the first page for its live tail. Rows are
// stored compactly (#51): ids as numbers, attributes without the keys a column holds (put back here).
import { z } from 'zod';
import { notFound } from '@/lib/errors';
import { cursorOf, readCursor } from '@/lib/http/query';
import { clampedInt } from '@/lib/zod/query';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { LOG_LEVELS, type LogRow } from './log-row';
import { spanIdSql } from '@/lib/traces/span-keys';
import { attributeContainments, attributeValueSql, restoreAttributes } from './compact';
import { readPool } from '@/lib/replica';

export const listLogsQuery = z.object({
  level: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(LOG_LEVELS, { message: `Levels are ${LOG_LEVELS.join(', ')}` })).max(6)),
  query: z.string().trim().max(200).optional(),
  attribute: z
    .string()
    .max(400)
    .regex(/^[^:]{1,200}:.*$/, 'An attribute filter is key:value')
    .optional(),
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'A trace id is 32 hex characters')
    .optional(),
  hours: clampedInt(24, 1, 24 * 90),
  cursor: z.string().max(200).optional(),
  limit: clampedInt(100, 1, 500),
});

/** A stored line as read: what was written (LogRow) with its numeric id, its level as stored. */
type Row = Omit<LogRow, 'level'> & { id: string; level: string };

/** The page's statement: a project's lines by `q`, newest first, one more than the page (bench:logs explains it). */
export function logsSql(projectId: string, q: z.infer<typeof listLogsQuery>): { text: string; args: unknown[] } {
  const where = ['project_id = $1', `timestamp >= now() - make_interval(hours => $2)`];
  const args: unknown[] = [projectId, q.hours];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  // One level is an equality, which the index of warnings, errors and fatal lines answers newest first.
  if (q.level.length === 1) where.push(`level = ${arg(q.level[0])}`);
  else if (q.level.length) where.push(`level = ANY(${arg(q.level)})`);
  if (q.query) where.push(`body ILIKE ${arg(`%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (q.attribute) {
    const i = q.attribute.indexOf(':');
    const key = q.attribute.slice(0, i);
    const value = q.attribute.slice(i + 1);
    const equal = `${attributeValueSql(arg(key), key)} = ${arg(value)}`;
    // The containments let the attributes' GIN index find a rare value; the equality decides.
    const contained = attributeContainments(key, value).map((bag) => `attributes @> ${arg(bag)}::jsonb`);
    where.push(contained.length ? `(${contained.join(' OR ')}) AND ${equal}` : equal);
  }
  if (q.traceId) where.push(`trace_id = ${arg(q.traceId.toLowerCase())}::uuid`);
  if (q.cursor) {
    const { at, id } = readCursor(q.cursor, /^\d{1,19}$/);
    where.push(`(timestamp, id) < (${arg(at)}::timestamptz, ${arg(id)}::bigint)`);
  }
  // Ordered by the table's columns: the output's `id` is its text, which would sort 10 before 9.
  return {
    text: `SELECT id::text, timestamp, level, severity_number AS "severityNumber", body, template, attributes,
            replace(trace_id::text, '-', '') AS "traceId", ${spanIdSql('span_id')} AS "spanId", environment, release
       FROM logs WHERE ${where.join(' AND ')} ORDER BY logs.timestamp DESC, logs.id DESC LIMIT ${q.limit + 1}`,
    args,
  };
}

export async function listLogs(t: ProjectTenant, q: z.infer<typeof listLogsQuery>) {
  const { rows: own } = await readPool().query('SELECT 1 FROM projects WHERE id = $1 AND org_id = $2', [
    t.projectId,
    t.orgId,
  ]);
  if (own.length === 0) throw notFound('Project');
  const { text, args } = logsSql(t.projectId, q);
  const { rows } = await readPool().query<Row>(text, args);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    logs: page.map((r) => ({
      ...r,
      attributes: restoreAttributes(r.attributes, r),
      timestamp: r.timestamp.toISOString(),
    })),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.timestamp, last.id) : null,
  };
}
