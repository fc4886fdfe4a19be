import { describe, expect, it } from 'vitest';
import { foldSessions, type SessionRow } from './fold-sessions';
import type { SessionAggregate, SessionUpdate } from './parse-sessions';

const T = Date.parse('2026-11-26T10:20:00Z');
const update = (projectId: string, u: Partial<SessionUpdate>): SessionRow => ({
  projectId,
  item: {
    kind: 'update',
    sid: 's1',
    did: null,
    started: new Date(T),
    statusRank: 0,
    errored: false,
    release: 'web@1',
    environment: 'production',
    ...u,
  },
});
const aggregate = (projectId: string, a: Partial<SessionAggregate>): SessionRow => ({
  projectId,
  item: {
    kind: 'aggregate',
    did: null,
    started: new Date(T),
    exited: 0,
    errored: 0,
    abnormal: 0,
    crashed: 0,
    release: 'api@1',
    environment: 'production',
    ...a,
  },
});

describe('foldSessions', () => {
  it("one session's updates become one: first start, release and user kept, worst status, any error", () => {
    const { updates, rollups, users } = foldSessions([
      update('p1', { statusRank: 0 }),
      update('p1', { statusRank: 0, did: 'alice', errored: true }),
      update('p1', { statusRank: 1, did: 'bob', started: new Date(T - 7_200_000), release: 'web@2' }),
      update('p1', { statusRank: 4 }),
      update('p1', { statusRank: 1 }),
      update('p2', { statusRank: 1 }),
      update('p1', { sid: 's2', statusRank: 2 }),
    ]);
    expect(rollups).toEqual([]);
    expect(users).toEqual([]);
    expect(updates.map((x) => [x.projectId, x.u.sid, x.u.statusRank, x.u.errored, x.u.did, x.u.release])).toEqual([
      ['p1', 's1', 4, true, 'alice', 'web@1'],
      ['p2', 's1', 1, false, null, 'web@1'],
      ['p1', 's2', 2, false, null, 'web@1'],
    ]);
    expect(updates[0].u.started).toEqual(new Date(T));
  });

  it('aggregates on the same rollup row are summed; another hour, environment, release or project is its own row', () => {
    const { updates, rollups } = foldSessions([
      aggregate('p1', { exited: 10, errored: 2, crashed: 1 }),
      aggregate('p1', { started: new Date(T + 30 * 60_000), exited: 5, abnormal: 1 }),
      aggregate('p1', { started: new Date(T + 60 * 60_000), exited: 3 }),
      aggregate('p1', { environment: 'staging', exited: 4 }),
      aggregate('p1', { release: 'api@2', exited: 6 }),
      aggregate('p2', { exited: 7 }),
    ]);
    expect(updates).toEqual([]);
    expect(
      rollups.map((r) => [
        r.projectId,
        r.release,
        r.environment,
        r.hour.toISOString(),
        r.started,
        r.errored,
        r.abnormal,
        r.crashed,
      ]),
    ).toEqual([
      // 10 + 2 + 1 and 5 + 1 sessions; errored counts every session with an error, crashed and abnormal included.
      ['p1', 'api@1', 'production', '2026-11-26T10:00:00.000Z', 19, 4, 1, 1],
      ['p1', 'api@1', 'production', '2026-11-26T11:00:00.000Z', 3, 0, 0, 0],
      ['p1', 'api@1', 'staging', '2026-11-26T10:00:00.000Z', 4, 0, 0, 0],
      ['p1', 'api@2', 'production', '2026-11-26T10:00:00.000Z', 6, 0, 0, 0],
      ['p2', 'api@1', 'production', '2026-11-26T10:00:00.000Z', 7, 0, 0, 0],
    ]);
  });

  it('an aggregate user seen several times is one row: its last day and its last day with a crash', () => {
    const DAY = 86_400_000;
    const { users } = foldSessions([
      aggregate('p1', { did: 'u1', exited: 1, crashed: 1, started: new Date(T - 2 * DAY) }),
      aggregate('p1', { did: 'u1', exited: 1 }),
      aggregate('p1', { did: 'u1', exited: 1, started: new Date(T - DAY) }),
      aggregate('p1', { did: 'u2', exited: 1 }),
      aggregate('p1', { did: 'u2', exited: 1, environment: 'staging' }),
      aggregate('p1', { exited: 1 }),
    ]);
    expect(users.map((u) => [u.did, u.environment, u.lastDay, u.crashedDay])).toEqual([
      ['u1', 'production', '2026-11-26', '2026-11-24'],
      ['u2', 'production', '2026-11-26', null],
      ['u2', 'staging', '2026-11-26', null],
    ]);
  });
});
