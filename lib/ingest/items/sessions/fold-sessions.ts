// A batch of session items folded in memory before its statement (#51): what the database would have done row by
// row, done once in the batch. The same session's updates become one update that leaves its state as the updates
// one by one would (the first update's start, release and environment, as the first insert keeps them; the worst
// status; any error; the first user); aggregates that land on the same hourly rollup row become one row with summed
// counts; an aggregate user seen several times becomes one row with the last day and the last crashed day.
import type { SessionAggregate, SessionItem, SessionUpdate } from './parse-sessions';

export type SessionRow = { projectId: string; item: SessionItem };

export type FoldedUpdate = { projectId: string; u: SessionUpdate };

/** Counts added to one (project, release, environment, hour) row of the rollups. */
export type RollupDelta = {
  projectId: string;
  release: string;
  environment: string;
  hour: Date;
  started: number;
  /** Every session that had an error, crashed and abnormal ones included. */
  errored: number;
  abnormal: number;
  crashed: number;
};

/** One user of a release and environment, from aggregates: its last day, and its last day with a crash. */
export type UserDelta = {
  projectId: string;
  release: string;
  environment: string;
  did: string;
  lastDay: string;
  crashedDay: string | null;
};

export type FoldedBatch = { updates: FoldedUpdate[]; rollups: RollupDelta[]; users: UserDelta[] };

const HOUR_MS = 3_600_000;
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const laterDay = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** Folds a batch's items, in arrival order. */
export function foldSessions(rows: SessionRow[]): FoldedBatch {
  const updates = new Map<string, FoldedUpdate>();
  const rollups = new Map<string, RollupDelta>();
  const users = new Map<string, UserDelta>();
  for (const { projectId, item } of rows) {
    if (item.kind === 'update') foldUpdate(updates, projectId, item);
    else foldAggregate({ rollups, users }, projectId, item);
  }
  return { updates: [...updates.values()], rollups: [...rollups.values()], users: [...users.values()] };
}

function foldUpdate(into: Map<string, FoldedUpdate>, projectId: string, item: SessionUpdate): void {
  const k = `${projectId}\u0000${item.sid}`;
  const seen = into.get(k);
  if (!seen) {
    into.set(k, { projectId, u: { ...item } });
    return;
  }
  // As the session's row would end: started, release and environment as first inserted, the rest merged.
  seen.u.statusRank = Math.max(seen.u.statusRank, item.statusRank);
  seen.u.errored ||= item.errored;
  seen.u.did ??= item.did;
}

function foldAggregate(
  into: { rollups: Map<string, RollupDelta>; users: Map<string, UserDelta> },
  projectId: string,
  a: SessionAggregate,
): void {
  const hour = hourOf(a.started);
  const k = `${projectId}\u0000${a.release}\u0000${a.environment}\u0000${hour.getTime()}`;
  let r = into.rollups.get(k);
  if (!r) {
    r = {
      projectId,
      release: a.release,
      environment: a.environment,
      hour,
      started: 0,
      errored: 0,
      abnormal: 0,
      crashed: 0,
    };
    into.rollups.set(k, r);
  }
  r.started += a.exited + a.errored + a.abnormal + a.crashed;
  r.errored += a.errored + a.abnormal + a.crashed;
  r.abnormal += a.abnormal;
  r.crashed += a.crashed;
  if (a.did === null) return;
  const day = dayOf(a.started);
  const crashedDay = a.crashed > 0 ? day : null;
  const uk = `${projectId}\u0000${a.release}\u0000${a.environment}\u0000${a.did}`;
  const u = into.users.get(uk);
  if (!u) {
    into.users.set(uk, {
      projectId,
      release: a.release,
      environment: a.environment,
      did: a.did,
      lastDay: day,
      crashedDay,
    });
    return;
  }
  u.lastDay = laterDay(u.lastDay, day)!;
  u.crashedDay = laterDay(u.crashedDay, crashedDay);
}
