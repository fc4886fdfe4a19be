// Which stored rows belong to one end user (#48, docs/erasure.md): the identifier asked for, widened to the ids,
// emails and usernames the same person carries on the rows it matches (an email's events name its user id, which
// its sessions and logs carry alone). Addresses are never widened to: several people share one (NAT, offices).
// Raw SQL: predicates over JSON fields of partitioned tables, shared by the preview and the job's batched deletes.
import crypto from 'node:crypto';
import { z } from 'zod';

export const ERASURE_KINDS = ['user_id', 'email', 'username', 'ip'] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

export const erasureTarget = z.object({
  kind: z.enum(ERASURE_KINDS, { message: 'kind must be user_id, email, username or ip' }),
  value: z
    .string({ message: 'value is required' })
    .trim()
    .min(1, 'value is required')
    .max(500, 'value must be at most 500 characters'),
});
export type ErasureTarget = z.infer<typeof erasureTarget>;

/** Every identifier of the person, as the statements' parameters $2..$5 (emails lowercased). */
export type Identity = { ids: string[]; emails: string[]; usernames: string[]; ips: string[] };

/** The most values of each identifier the widening adds (a shared username must not sweep up a crowd). */
const MAX_WIDENED = 50;

export function identityOf({ kind, value }: ErasureTarget): Identity {
  return {
    ids: kind === 'user_id' ? [value] : [],
    emails: kind === 'email' ? [value.toLowerCase()] : [],
    usernames: kind === 'username' ? [value] : [],
    ips: kind === 'ip' ? [value] : [],
  };
}

/** sha256 of kind and value: kept once the value is gone, so an OWNER can tell later whether it was erased. */
export function hashTarget({ kind, value }: ErasureTarget): string {
  const v = kind === 'email' ? value.toLowerCase() : value;
  return crypto.createHash('sha256').update(`${kind}:${v}`).digest('hex');
}

/** The session `did` values and release-user hashes the person may have: the SDKs send id, else email, else username. */
export function sessionDids(i: Identity): string[] {
  return [...new Set([...i.ids, ...i.emails, ...i.usernames])];
}

/** Issue-user keys as the batch statement hashes them (lib/ingest/store/rollup-keys.ts). */
export function issueUserKeys(i: Identity): string[] {
  return [...i.ids.map((v) => `id:${v}`), ...i.emails.map((v) => `email:${v}`), ...i.ips.map((v) => `ip:${v}`)];
}

// Parameters: $1 the organization's project ids, then $2 ids, $3 emails, $4 usernames, $5 addresses.
const userJson = (col: string) =>
  `(${col}->>'id' = ANY($2) OR lower(${col}->>'email') = ANY($3) OR ${col}->>'username' = ANY($4) OR ${col}->>'ip_address' = ANY($5))`;
const userAttributes = (col: string) =>
  `(${col}->>'user.id' = ANY($2) OR lower(${col}->>'user.email') = ANY($3) OR ${col}->>'user.name' = ANY($4)
    OR ${col}->>'user.username' = ANY($4) OR ${col}->>'user.ip_address' = ANY($5) OR ${col}->>'client.address' = ANY($5))`;

// Spans name their project by number (#51): the organization's ones.
const SPAN_PROJECTS = `project IN (SELECT number FROM projects WHERE id = ANY($1))`;

/** WHERE clauses (alias-free) of the rows that belong to the person, per table. */
export const MATCH = {
  events: `project_id = ANY($1) AND (${userJson('user_context')} OR request->'env'->>'REMOTE_ADDR' = ANY($5))`,
  logs: `project_id = ANY($1) AND ${userAttributes('attributes')}`,
  // A transaction's spans of one write are one row with their data (#51): a transaction with the person's data in
  // any span goes whole.
  spans: `(project, trace_id, segment_id) IN (SELECT project, trace_id, segment_id FROM spans
    WHERE ${SPAN_PROJECTS} AND data IS NOT NULL
      AND EXISTS (SELECT 1 FROM json_each(data) b WHERE ${userAttributes('b.value')}))`,
  replays: `project_id = ANY($1) AND ${userJson('"user"')}`,
  // A metric point's own attributes: the user the SDK's scope held when it was measured (#61).
  metrics: `project IN (SELECT number FROM projects WHERE id = ANY($1)) AND attributes IS NOT NULL
    AND ${userAttributes('attributes')}`,
  // Feedback names its sender by the email and name typed in (the name often is the username).
  feedback: `project_id = ANY($1) AND (lower(email) = ANY($3) OR name = ANY($4))`,
  sessionStates: `project_id = ANY($1) AND (did = ANY($6) OR lower(did) = ANY($3))`,
  releaseUsers: `project_id = ANY($1) AND user_hash = ANY($7::uuid[])`,
} as const;

/** The parameters of every MATCH clause: $6 the session dids, $7 their md5 (release users' hashes). */
export function matchParams(projectIds: string[], i: Identity): unknown[] {
  const dids = sessionDids(i);
  return [projectIds, i.ids, i.emails, i.usernames, i.ips, dids, dids.map((d) => md5Uuid(d))];
}

/**
 * The statement with only the parameters it uses, renumbered in order ($1..$7 are matchParams, later ones the
 * caller's): PostgreSQL refuses a parameter it cannot type, and an unused one it cannot.
 */
export function bind(text: string, params: unknown[]): [string, unknown[]] {
  const order: number[] = [];
  const out = text.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n);
    if (!order.includes(i)) order.push(i);
    return `$${order.indexOf(i) + 1}`;
  });
  return [out, order.map((i) => params[i - 1])];
}

export function md5Uuid(s: string): string {
  const h = crypto.createHash('md5').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// The identifiers carried beside a match, per table that names users: widening reads these.
const WIDEN_SQL = `
SELECT DISTINCT id, email, username FROM (
  SELECT user_context->>'id' AS id, lower(user_context->>'email') AS email, user_context->>'username' AS username
    FROM events WHERE ${MATCH.events}
  UNION ALL
  SELECT attributes->>'user.id', lower(attributes->>'user.email'), attributes->>'user.name' FROM logs WHERE ${MATCH.logs}
  UNION ALL
  SELECT b.value->>'user.id', lower(b.value->>'user.email'), b.value->>'user.name' FROM spans, json_each(spans.data) b
   WHERE ${SPAN_PROJECTS} AND data IS NOT NULL AND ${userAttributes('b.value')}
  UNION ALL
  SELECT "user"->>'id', lower("user"->>'email'), "user"->>'username' FROM replays WHERE ${MATCH.replays}
  UNION ALL
  SELECT attributes->>'user.id', lower(attributes->>'user.email'), attributes->>'user.name' FROM metric_points
   WHERE ${MATCH.metrics}
) x LIMIT 1000`;

type Query = (
  text: string,
  values: unknown[],
) => Promise<{ id: string | null; email: string | null; username: string | null }[]>;

/**
 * The person's identity: the identifier asked for, plus the ids, emails and usernames found beside it (one step,
 * twice: an email's events give the user id, whose logs may give a username). An address is matched as asked, never
 * widened from or to.
 */
export async function resolveIdentity(query: Query, projectIds: string[], target: ErasureTarget): Promise<Identity> {
  const identity = identityOf(target);
  if (target.kind === 'ip') return identity;
  for (let step = 0; step < 2; step++) {
    const rows = await query(...bind(WIDEN_SQL, matchParams(projectIds, identity)));
    const add = (list: string[], v: string | null) => {
      if (v && !list.includes(v) && list.length < MAX_WIDENED) list.push(v);
    };
    const before = identity.ids.length + identity.emails.length + identity.usernames.length;
    for (const r of rows) {
      add(identity.ids, r.id);
      add(identity.emails, r.email);
      add(identity.usernames, r.username);
    }
    if (identity.ids.length + identity.emails.length + identity.usernames.length === before) break;
  }
  return identity;
}
