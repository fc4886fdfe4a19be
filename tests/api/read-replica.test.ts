import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, pool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import { closeReplica, parseLsn, probeReplica, replicaState, WRITE_POSITION_COOKIE } from '@/lib/replica';
import { startReplicatedPostgres, type ReplicatedPostgres } from '../support/replica';
import { signUp } from '../support/accounts';
import { inviteAndJoin, seedIssue } from '../support/teams';
import { createToken, TokenClient } from '../support/tokens';
import type { TestClient } from '../support/client';

// DATABASE_REPLICA_URL against a real streaming standby started here. Pausing its WAL replay makes it lag on
// purpose: a read that still shows the old state was served by the replica; one that shows the write was not.

const suiteUrl = process.env.DATABASE_URL!;
const TOKEN = 'replica-health-token';
let rp: ReplicatedPostgres;
let owner: TestClient;
let other: TestClient;
let projectId: string;
let issueId: string;

/** Until the replica has replayed everything the primary has written (and the probe says so). */
async function caughtUp(): Promise<void> {
  const { rows } = await pool().query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const target = parseLsn(rows[0].lsn)!;
  for (let i = 0; i < 200; i++) {
    const s = await probeReplica();
    if (s.usable && s.replayLsn !== null && s.replayLsn >= target) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('replica did not catch up');
}

const statusSeen = async (client: TestClient, headers: Record<string, string> = {}) => {
  const res = await client.get(`/api/v1/projects/${projectId}/issues`, { headers });
  expect(res.status).toBe(200);
  return res.body.data.issues.find((i: { id: string }) => i.id === issueId)?.status as string;
};

beforeAll(async () => {
  rp = await startReplicatedPostgres('tracker_replica');
  await closePool();
  process.env.DATABASE_URL = rp.primaryUrl;
  process.env.DATABASE_REPLICA_URL = rp.replicaUrl;
  process.env.REPLICA_MAX_LAG_SECONDS = '60';
  // Only the test's own probes: what a read sees depends on no timer between them.
  process.env.REPLICA_PROBE_INTERVAL_MS = '3600000';
  process.env.HEALTH_TOKEN = TOKEN;
  const a = await signUp();
  owner = a.client;
  ({ client: other } = await inviteAndJoin(owner, 'MEMBER'));
  const p = await owner.post('/api/v1/projects', { name: 'Replicated' });
  projectId = p.body.data.id;
  issueId = (await seedIssue(projectId)).id;
  await caughtUp();
}, 120_000);

afterAll(async () => {
  await stopJobs();
  await closeReplica();
  await closePool();
  await rp?.stop();
  process.env.DATABASE_URL = suiteUrl;
  delete process.env.DATABASE_REPLICA_URL;
  delete process.env.REPLICA_MAX_LAG_SECONDS;
  delete process.env.REPLICA_PROBE_INTERVAL_MS;
  delete process.env.HEALTH_TOKEN;
});

describe('read replica routing', () => {
  it('health shows the replica caught up', async () => {
    const res = await owner.get('/api/health', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.replica).toEqual({
      ok: true,
      lagSeconds: expect.any(Number),
      lagBytes: expect.any(Number),
      maxLagSeconds: 60,
    });
    expect(res.body.data.replica.lagSeconds).toBeLessThan(1);
  });

  it("a browser's read after its own write sees it; another member's list read comes from the lagging replica", async () => {
    await rp.pauseReplay();
    const patch = await owner.patch(`/api/v1/projects/${projectId}/issues/${issueId}`, { status: 'RESOLVED' });
    expect(patch.status).toBe(200);
    const cookie = patch.headers.getSetCookie().find((c) => c.startsWith(`${WRITE_POSITION_COOKIE}=`));
    expect(cookie).toMatch(/^tracker_wal=[0-9A-F]+\/[0-9A-F]+; HttpOnly; Path=\/; SameSite=Lax; Max-Age=120$/);
    const position = cookie!.split(';')[0];
    await probeReplica();

    // The writer's next page, carrying the cookie: the replica has not replayed it, so the primary answers.
    expect(await statusSeen(owner, { cookie: `${owner.cookie}; ${position}` })).toBe('RESOLVED');
    // The same reader without the cookie, and another member: the replica answers, still UNRESOLVED.
    expect(await statusSeen(owner)).toBe('UNRESOLVED');
    expect(await statusSeen(other)).toBe('UNRESOLVED');
    // A read that is not routed (the issue itself) is on the primary for everyone.
    const one = await other.get(`/api/v1/projects/${projectId}/issues/${issueId}`);
    expect(one.body.data.status).toBe('RESOLVED');
  });

  it.each([
    ['not a position', 'tracker_wal=garbage', 'UNRESOLVED'],
    ['an escape that does not decode', 'tracker_wal=%E0%A4', 'UNRESOLVED'],
    ['a position no replica has reached', 'tracker_wal=FFFFFFFF/FFFFFFFF', 'RESOLVED'],
  ])('a tracker_wal cookie that is %s: 200, and the read goes where it says', async (_label, cookie, status) => {
    // The replica is still paused before the write above: UNRESOLVED there, RESOLVED on the primary.
    expect(await statusSeen(other, { cookie: `${other.cookie}; ${cookie}` })).toBe(status);
  });

  it('an API token reads its own write on this instance', async () => {
    const { token } = await createToken(owner, ['write']);
    const ci = new TokenClient(token);
    const patch = await ci.patch(`/api/v1/projects/${projectId}/issues/${issueId}`, { status: 'IGNORED' });
    expect(patch.status).toBe(200);
    await probeReplica();
    expect(await statusSeen(ci)).toBe('IGNORED');
    expect(await statusSeen(other)).toBe('UNRESOLVED');
  });

  it('past REPLICA_MAX_LAG_SECONDS every read falls back to the primary, and health says why', async () => {
    process.env.REPLICA_MAX_LAG_SECONDS = '1';
    await new Promise((r) => setTimeout(r, 1500));
    const res = await owner.get('/api/health', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(true);
    const replica = res.body.data.replica;
    expect(replica.ok).toBe(false);
    expect(replica.lagSeconds).toBeGreaterThan(1);
    expect(replica.lagBytes).toBeGreaterThan(0);
    expect(replica.error).toMatch(/^replay lag \d+\.\d s is past REPLICA_MAX_LAG_SECONDS: reads go to the primary$/);
    expect(await statusSeen(other)).toBe('IGNORED');
  });

  it('once replay resumes, reads return to the replica and see everything', async () => {
    process.env.REPLICA_MAX_LAG_SECONDS = '60';
    await rp.resumeReplay();
    await caughtUp();
    const res = await owner.get('/api/health', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.body.data.replica).toMatchObject({ ok: true });
    expect(res.body.data.replica.lagSeconds).toBeLessThan(1);
    expect(await statusSeen(other)).toBe('IGNORED');
  });

  it('/metrics carries the replica lag and whether reads go there', async () => {
    process.env.METRICS_TOKEN = 'replica-metrics-token';
    try {
      await probeReplica();
      const res = await owner.get('/metrics', { headers: { authorization: 'Bearer replica-metrics-token' } });
      expect(res.status).toBe(200);
      expect(Number(/^tracker_replica_lag_seconds (\S+)$/m.exec(res.text)?.[1])).toBeLessThan(1);
      expect(res.text).toMatch(/^tracker_replica_reads 1$/m);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it('a read the replica fails between probes runs on the primary, and takes reads off the replica at once', async () => {
    await caughtUp();
    await rp.stopReplica();
    // No probe has seen it go: the read is sent to the replica, fails there, and is answered from the primary.
    expect(await statusSeen(other)).toBe('IGNORED');
    expect(replicaState()).toMatchObject({
      usable: false,
      error: expect.stringMatching(/^a read failed on the replica and ran on the primary: /),
    });
  });

  it('a replica that is gone shows in health; the service stays healthy and reads stay on the primary', async () => {
    const res = await owner.get('/api/health', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(true);
    expect(res.body.data.replica).toMatchObject({
      ok: false,
      lagSeconds: null,
      lagBytes: null,
      error: expect.any(String),
    });
    expect(await statusSeen(other)).toBe('IGNORED');
  });
});
