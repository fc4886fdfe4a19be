// #30: a rate limit per key set through the API, and spike protection: a burst at 50 × a project's baseline is
// held to the guard's cap (the quota spent stays under it), the owners get one email, the outcomes are exact.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { signUp, outboxFor } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

afterEach(() => {
  delete process.env.SPIKE_PROTECTION_MIN_PER_MINUTE;
});

async function statsOf(client: Awaited<ReturnType<typeof signUp>>['client'], projectId: string) {
  const rows = (await client.get(`/api/v1/projects/${projectId}/stats`)).body.data.rows as {
    category: string;
    outcome: string;
    reason: string;
    quantity: number;
  }[];
  return Object.fromEntries(rows.map((r) => [`${r.category}/${r.outcome}/${r.reason}`, r.quantity]));
}

describe('a rate limit per key', () => {
  it('5 a minute: of 8 quick events 5 are stored, 3 answered 429 and counted', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Limited');
    const key = project.keys[0];
    const res = await s.client.patch(`/api/v1/projects/${project.id}/keys/${key.id}`, { rateLimitPerMinute: 5 });
    expect([res.status, res.body.data.rateLimitPerMinute]).toEqual([200, 5]);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await send({ client: s.client, projectId: project.id, key: key.publicKey, body: errorEnvelope() })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await statsOf(s.client, project.id)).toEqual({
      'error/accepted/': 5,
      'unknown/rate_limited/key_rate_limit': 3,
    });
    // Back to the server's default.
    expect(
      (await s.client.patch(`/api/v1/projects/${project.id}/keys/${key.id}`, { rateLimitPerMinute: null })).body.data
        .rateLimitPerMinute,
    ).toBeNull();
    expect(
      (await send({ client: s.client, projectId: project.id, key: key.publicKey, body: errorEnvelope() })).status,
    ).toBe(200);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['a string', '100'],
    ['too many', 2_000_000],
  ])('%s: 400 naming rateLimitPerMinute, nothing changed', async (_label, value) => {
    const s = await signUp();
    const project = await createProject(s.client, 'Bad limit');
    const res = await s.client.patch(`/api/v1/projects/${project.id}/keys/${project.keys[0].id}`, {
      rateLimitPerMinute: value,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: string[] }) => e.path.join('.'))).toEqual(['rateLimitPerMinute']);
    expect(
      (await db.projectKey.findUniqueOrThrow({ where: { id: project.keys[0].id } })).rateLimitPerMinute,
    ).toBeNull();
  });
});

describe('spike protection', () => {
  /** A project two days old whose last day averaged `perMinute` errors a minute. */
  async function projectWithBaseline(perMinute: number) {
    const s = await signUp();
    const project = await createProject(s.client, 'Spiky shop');
    await db.project.update({
      where: { id: project.id },
      data: { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) },
    });
    await pool().query(
      `INSERT INTO project_minute_counts (project_id, minute, count)
       SELECT $1, date_trunc('minute', now()) - make_interval(mins => m), $2 FROM generate_series(6, 24 * 60 - 1) AS m`,
      [project.id, perMinute],
    );
    return { ...s, project };
  }

  it('a burst at 50 × the baseline is held to the cap: the quota spent stays under it, one email, exact outcomes', async () => {
    process.env.SPIKE_PROTECTION_MIN_PER_MINUTE = '20';
    const s = await projectWithBaseline(2); // cap = max(20, 10 × 2) = 20 a minute
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push(
        (
          await send({
            client: s.client,
            projectId: s.project.id,
            key: s.project.keys[0].publicKey,
            body: errorEnvelope(),
          })
        ).status,
      );
    const accepted = statuses.filter((x) => x === 200).length;
    // A minute's worth (20) plus what refilled at 20 a minute while the burst was sent.
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(23);
    expect(statuses.filter((x) => x === 429).length).toBe(100 - accepted);
    expect((await s.client.get('/api/v1/usage')).body.data.used).toBe(accepted);
    expect(await statsOf(s.client, s.project.id)).toEqual({
      'error/accepted/': accepted,
      'error/rate_limited/spike_protection': 100 - accepted,
    });
    await new Promise((r) => setTimeout(r, 200));
    const mails = outboxFor(s.email, 'spike');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Spike protection is dropping events of Spiky shop');
  });

  it('off for the project, or a project without a day of history: no guard', async () => {
    process.env.SPIKE_PROTECTION_MIN_PER_MINUTE = '5';
    const s = await projectWithBaseline(0);
    expect(
      (await s.client.patch(`/api/v1/projects/${s.project.id}/filters`, { spikeProtection: false })).body.data
        .spikeProtection,
    ).toBe(false);
    for (let i = 0; i < 12; i++)
      expect(
        (
          await send({
            client: s.client,
            projectId: s.project.id,
            key: s.project.keys[0].publicKey,
            body: errorEnvelope(),
          })
        ).status,
      ).toBe(200);
    const young = await signUp();
    const p = await createProject(young.client, 'New shop');
    for (let i = 0; i < 12; i++)
      expect(
        (await send({ client: young.client, projectId: p.id, key: p.keys[0].publicKey, body: errorEnvelope() })).status,
      ).toBe(200);
  });
});
