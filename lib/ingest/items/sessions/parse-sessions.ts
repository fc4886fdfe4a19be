// Sentry's `session` and `sessions` envelope items (Relay's protocol), validated into what the session writer
// stores. A bad item is counted as invalid with its reason; the envelope's other items are kept.
import { z } from 'zod';
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import type { JsonObject } from '@/lib/envelope/parse-envelope';

/**
 * A session's worst status wins. `unhandled` is what browser SDKs 10+ send for a page whose error reached the global
 * handler (the page did not crash, but the user saw it fail): counted with crashed, as Sentry's crash-free rate of
 * browser projects does.
 */
export const STATUS_RANK = { ok: 0, exited: 1, errored: 2, abnormal: 3, unhandled: 4, crashed: 4 } as const;
export type SessionStatus = keyof typeof STATUS_RANK;

/** One update of one session (its latest state as the SDK saw it). */
export type SessionUpdate = {
  kind: 'update';
  sid: string;
  did: string | null;
  started: Date;
  statusRank: number;
  errored: boolean;
  release: string;
  environment: string;
};

/** Sessions the SDK counted itself (server SDKs, per minute), by how they ended. */
export type SessionAggregate = {
  kind: 'aggregate';
  did: string | null;
  started: Date;
  exited: number;
  errored: number;
  abnormal: number;
  crashed: number;
  release: string;
  environment: string;
};

export type SessionItem = SessionUpdate | SessionAggregate;

/** Seconds since the epoch or an RFC 3339 date. */
const when = z.union([z.number().finite().positive(), z.string().max(64)]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v * 1000 : Date.parse(v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a date' });
    return z.NEVER;
  }
  return new Date(ms);
});
const attrs = z
  .object({
    // No release is counted under "no release" (the empty string), as the issue asks.
    release: z.string().max(200).optional(),
    environment: z.string().max(64).optional(),
  })
  .passthrough()
  .optional();
const count = z.number().int().min(0).max(1_000_000).optional();
const userId = z
  .union([z.string().max(200), z.number()])
  .transform(String)
  .nullish();

const sessionSchema = z.object({
  sid: z.string().min(1).max(64),
  did: userId,
  init: z.boolean().optional(),
  started: when,
  timestamp: when.optional(),
  status: z.enum(Object.keys(STATUS_RANK) as [SessionStatus, ...SessionStatus[]]).optional(),
  errors: count,
  attrs,
});

const aggregatesSchema = z.object({
  aggregates: z
    .array(
      z.object({
        started: when,
        did: userId,
        exited: count,
        errored: count,
        abnormal: count,
        crashed: count,
        unhandled: count,
      }),
    )
    .min(1)
    .max(1000),
  attrs,
});

const DEFAULT_ENVIRONMENT = 'production';
const futureCap = (d: Date, now: number) => (d.getTime() > now + 60_000 ? new Date(now) : d);

function issuesOf(err: z.ZodError, path: Path): FieldIssue[] {
  return err.issues.map((i) => ({
    path: [...path, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    message: i.message,
  }));
}

/** A `session` item: one update. */
export function parseSession(payload: JsonObject, path: Path, now = Date.now()): SessionItem[] | FieldIssue[] {
  const r = sessionSchema.safeParse(payload);
  if (!r.success) return issuesOf(r.error, path);
  const s = r.data;
  const status = s.status ?? 'ok';
  return [
    {
      kind: 'update',
      sid: s.sid.toLowerCase(),
      did: s.did ?? null,
      started: futureCap(s.started, now),
      statusRank: STATUS_RANK[status],
      errored: (s.errors ?? 0) > 0 || STATUS_RANK[status] >= STATUS_RANK.errored,
      release: s.attrs?.release ?? '',
      environment: s.attrs?.environment || DEFAULT_ENVIRONMENT,
    },
  ];
}

/** A `sessions` item: the SDK's own counts per started minute. */
export function parseSessions(payload: JsonObject, path: Path, now = Date.now()): SessionItem[] | FieldIssue[] {
  const r = aggregatesSchema.safeParse(payload);
  if (!r.success) return issuesOf(r.error, path);
  const { aggregates, attrs: a } = r.data;
  return aggregates
    .map((g) => ({
      kind: 'aggregate' as const,
      did: g.did ?? null,
      started: futureCap(g.started, now),
      exited: g.exited ?? 0,
      errored: g.errored ?? 0,
      abnormal: g.abnormal ?? 0,
      crashed: (g.crashed ?? 0) + (g.unhandled ?? 0),
      release: a?.release ?? '',
      environment: a?.environment || DEFAULT_ENVIRONMENT,
    }))
    .filter((g) => g.exited + g.errored + g.abnormal + g.crashed > 0);
}
