// #31: sessions in, release health out. A property test over random interleavings of session updates (duplicates,
// out of order, crashes after errors) against a recount of what was sent; aggregates; a bad item counted invalid
// with the rest kept; the real @sentry/node's startSession/endSession.
import path from 'node:path';
import * as Sentry from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { jsonEnvelope } from '../support/envelope-body';
import { runSdkProgram } from '../support/sdk-programs';
import { startSentryServer } from './sentry-server';

const STATUSES = ['ok', 'exited', 'errored', 'abnormal', 'crashed'] as const;
const RANK = { ok: 0, exited: 1, errored: 2, abnormal: 3, crashed: 4 } as const;

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Health app');
  const key = project.keys[0].publicKey;
  const post = async (items: { type: string; payload: unknown }[]) => {
    const res = await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, jsonEnvelope(items));
    expect(res.status, res.text).toBe(200);
  };
  const health = async (query: Record<string, string> = {}) =>
    (await s.client.get(`/api/v1/projects/${project.id}/release-health`, { query })).body.data;
  return { ...s, project, post, health };
}

/** A small deterministic random source, so a failing round can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('session updates: counted once, the worst status wins, whatever the order', () => {
  it.each([1, 2, 3, 4, 5])('round %i: random interleavings equal a recount of what was sent', async (seed) => {
    const rnd = random(seed);
    const t = await setup();
    const started = new Date(Date.now() - 30 * 60_000).toISOString();
    const updates: {
      sid: string;
      did: string;
      status: (typeof STATUSES)[number];
      errors: number;
      release: string;
      init: boolean;
    }[] = [];
    for (let i = 0; i < 12; i++) {
      const release = rnd() < 0.5 ? 'app@1.0.0' : 'app@2.0.0';
      const did = `user-${Math.floor(rnd() * 6)}`;
      const n = 1 + Math.floor(rnd() * 4);
      for (let k = 0; k < n; k++) {
        const status = STATUSES[Math.floor(rnd() * STATUSES.length)];
        updates.push({
          sid: `s${seed}-${i}`,
          did,
          status,
          errors: status === 'errored' || rnd() < 0.2 ? 1 : 0,
          release,
          init: k === 0,
        });
      }
      // A duplicate of one of its updates.
      if (rnd() < 0.5) updates.push({ ...updates[updates.length - 1] });
    }
    // Out of order: shuffled, and sent in envelopes of 1 to 4 items.
    for (let i = updates.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [updates[i], updates[j]] = [updates[j], updates[i]];
    }
    for (let i = 0; i < updates.length;) {
      const n = 1 + Math.floor(rnd() * 4);
      await t.post(
        updates.slice(i, i + n).map((u) => ({
          type: 'session',
          payload: {
            sid: u.sid,
            did: u.did,
            init: u.init,
            started,
            timestamp: new Date().toISOString(),
            status: u.status,
            errors: u.errors,
            attrs: { release: u.release, environment: 'production' },
          },
        })),
      );
      i += n;
    }
    // The recount: per session its worst status and whether it had any error.
    const sessions = new Map<string, { rank: number; errored: boolean; did: string; release: string }>();
    for (const u of updates) {
      const s = sessions.get(u.sid) ?? { rank: 0, errored: false, did: u.did, release: u.release };
      s.rank = Math.max(s.rank, RANK[u.status]);
      s.errored ||= u.errors > 0 || RANK[u.status] >= RANK.errored;
      sessions.set(u.sid, s);
    }
    const data = await t.health();
    for (const release of ['app@1.0.0', 'app@2.0.0']) {
      const mine = [...sessions.values()].filter((s) => s.release === release);
      const got = data.releases.find((r: { version: string }) => r.version === release);
      if (mine.length === 0) {
        expect(got).toBeUndefined();
        continue;
      }
      const users = new Set(mine.map((s) => s.did));
      const crashedUsers = new Set(mine.filter((s) => s.rank === 4).map((s) => s.did));
      const crashed = mine.filter((s) => s.rank === 4).length;
      expect(got).toMatchObject({
        sessions: mine.length,
        crashed,
        abnormal: mine.filter((s) => s.rank === 3).length,
        // Sentry's statuses are exclusive: errored leaves out the sessions that crashed or ended abnormally.
        errored: mine.filter((s) => s.errored && s.rank < RANK.abnormal).length,
        users: users.size,
        crashFreeSessions: Math.round((1 - crashed / mine.length) * 10_000) / 10_000,
        crashFreeUsers: Math.round((1 - crashedUsers.size / users.size) * 10_000) / 10_000,
      });
    }
    const total = data.releases.reduce((n: number, r: { sessions: number }) => n + r.sessions, 0);
    expect(total).toBe(sessions.size);
    expect(data.releases.reduce((n: number, r: { adoption: number }) => n + r.adoption, 0)).toBeCloseTo(1, 3);
  });
});

describe('aggregates, no release, bad items', () => {
  it('aggregates add up; sessions without a release count under no release; a bad item is invalid and the rest kept', async () => {
    const t = await setup();
    const started = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.post([
      {
        type: 'sessions',
        payload: {
          aggregates: [
            { started, exited: 90, errored: 6, crashed: 4 },
            { started, did: 'u1', exited: 1 },
          ],
          attrs: { release: 'api@3', environment: 'production' },
        },
      },
      { type: 'session', payload: { sid: 'no-release-1', started, status: 'exited' } },
      { type: 'session', payload: { sid: 'bad', started: 'not a date', status: 'exited' } },
      { type: 'session', payload: { sid: 'bad-status', started, status: 'melted' } },
    ]);
    const data = await t.health();
    expect(
      data.releases
        .map(
          (r: {
            version: string | null;
            sessions: number;
            crashed: number;
            errored: number;
            crashFreeSessions: number;
          }) => [r.version, r.sessions, r.crashed, r.errored, r.crashFreeSessions],
        )
        .sort(),
    ).toEqual(
      [
        ['api@3', 101, 4, 6, 0.9604],
        [null, 1, 0, 0, 1],
      ].sort(),
    );
    const stats = (await t.client.get(`/api/v1/projects/${t.project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    expect(
      stats
        .filter((r) => r.category === 'session')
        .map((r) => [r.outcome, r.reason, r.quantity])
        .sort(),
    ).toEqual([
      ['accepted', '', 3],
      ['invalid', 'validation: started', 1],
      ['invalid', 'validation: status', 1],
    ]);
  });

  it('environments filter; days bound; another organization gets 404', async () => {
    const t = await setup();
    const started = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.post([
      {
        type: 'sessions',
        payload: { aggregates: [{ started, exited: 5 }], attrs: { release: 'r1', environment: 'staging' } },
      },
    ]);
    await t.post([
      {
        type: 'sessions',
        payload: {
          aggregates: [{ started, exited: 7, crashed: 1 }],
          attrs: { release: 'r1', environment: 'production' },
        },
      },
    ]);
    expect((await t.health()).releases[0].sessions).toBe(13);
    expect((await t.health({ environment: 'staging' })).releases[0].sessions).toBe(5);
    expect((await t.health()).environments).toEqual(['production', 'staging']);
    const stranger = await signUp();
    expect((await stranger.client.get(`/api/v1/projects/${t.project.id}/release-health`)).status).toBe(404);
  });
});

describe('the real @sentry/node', () => {
  it('startSession / endSession: an ok session and one with a captured error, read back', async () => {
    const t = await setup();
    const server = await startSentryServer();
    try {
      Sentry.init({
        dsn: server.dsn((t.project.keys[0] as { sentryDsn?: string }).sentryDsn!),
        release: 'node@1.0.0',
        environment: 'production',
        defaultIntegrations: false,
      });
      Sentry.setUser({ id: 'alice' });
      Sentry.startSession();
      Sentry.endSession();
      Sentry.setUser({ id: 'bob' });
      Sentry.startSession();
      Sentry.captureException(new Error('payment failed'));
      Sentry.endSession();
      expect(await Sentry.flush(5000)).toBe(true);
      const r = (await t.health()).releases.find((x: { version: string }) => x.version === 'node@1.0.0');
      expect(r).toMatchObject({
        sessions: 2,
        errored: 1,
        crashed: 0,
        users: 2,
        crashFreeSessions: 1,
        crashFreeUsers: 1,
      });
    } finally {
      await Sentry.close(2000);
      await server.close();
    }
  });
});

describe('aggregates from real server SDKs', () => {
  const DIR = path.join(import.meta.dirname, '../support/sessions-sdks');
  // What each program sends (its comments say how): requests as sessions, by how they ended.
  it.each([
    // One errored request and one crashed: Sentry counts them apart (errored: 1, not 2).
    ['@sentry/node', 'api@1.0.0', { sessions: 5, errored: 1, crashed: 1, crashFreeSessions: 0.8 }],
    ['sentry-ruby', 'rack@1.0.0', { sessions: 4, errored: 1, crashed: 0, crashFreeSessions: 1 }],
  ] as const)('%s: requests counted as sessions, read back per release', async (sdk, version, expected) => {
    const t = await setup();
    const server = await startSentryServer();
    try {
      await runSdkProgram({
        sdk,
        dir: DIR,
        args: [server.dsn((t.project.keys[0] as { sentryDsn?: string }).sentryDsn!)],
      });
      const r = (await t.health()).releases.find((x: { version: string }) => x.version === version);
      // Aggregates carry no user: no users, so no crash-free users rate.
      expect(r).toMatchObject({ ...expected, abnormal: 0, users: 0, crashFreeUsers: null, adoption: 1 });
    } finally {
      await server.close();
    }
  });
});
