// How many PostgreSQL connections ingest and the job workers take (#65): each one is a backend of its own, 2-7 MB.
// The first envelopes after a start share one project lookup, and pg-boss polls on two connections of its own
// instead of opening the shared pool's.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { waitUntil } from '../support/wait';
import { pool } from '@/lib/pg';
import { resolveSentryKey } from '@/lib/ingest/admit/resolve-sentry-key';
import { startJob } from '@/lib/boot/jobs';
import { jobsPool, stopJobs } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';

afterEach(() => vi.restoreAllMocks());
afterAll(() => stopJobs());

const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
/** The project number lookups among the calls a spy on the shared pool's query saw. */
const lookups = (query: { mock: { calls: unknown[][] } }) =>
  query.mock.calls.filter(([q]) => textOf(q) === 'SELECT id FROM projects WHERE number = $1');
/** The key loads (lib/ingest/admit/resolve-key) among them. */
const keyLoads = (query: { mock: { calls: unknown[][] } }) =>
  query.mock.calls.filter(([q]) => textOf(q).startsWith('SELECT k.project_id, p.number AS project_number'));

describe('connections', () => {
  it('envelopes arriving together for a project and key not yet seen look each up once', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const query = vi.spyOn(pool(), 'query');
    const keys = await Promise.all(
      Array.from({ length: 40 }, () => resolveSentryKey(p.keys[0].publicKey, String(p.number))),
    );
    expect(keys.every((k) => k?.projectId === p.id)).toBe(true);
    expect(lookups(query)).toHaveLength(1);
    expect(keyLoads(query)).toHaveLength(1);
    // Found once, kept: the next envelope asks nothing.
    await resolveSentryKey(p.keys[0].publicKey, String(p.number));
    expect(lookups(query)).toHaveLength(1);
    expect(keyLoads(query)).toHaveLength(1);
  });

  it('an unknown number is looked up once for the envelopes that arrived together', async () => {
    const query = vi.spyOn(pool(), 'query');
    const unknown = String(2_000_000_000 + Math.floor(Math.random() * 100_000_000));
    const keys = await Promise.all(Array.from({ length: 10 }, () => resolveSentryKey('a'.repeat(32), unknown)));
    expect(keys).toEqual(Array(10).fill(null));
    expect(lookups(query)).toHaveLength(1);
  });

  it("pg-boss's workers poll on connections of their own, two at most", async () => {
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    const shared = vi.spyOn(pool(), 'query');
    await startJob(QUEUES.passwordReset);
    const jobs = jobsPool();
    // Every connection (of any test worker) whose last statement was pg-boss's fetch is one of the jobs pools'.
    await waitUntil(async () => {
      const { rows } = await pool().query<{ app: string }>(
        `SELECT DISTINCT application_name AS app FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE '%FROM pgboss.job%' AND query LIKE '%WITH next%'
           AND pid <> pg_backend_pid()`,
      );
      return rows.length > 0 && rows.every((r) => r.app === 'tracker:jobs');
    });
    expect(jobs.totalCount).toBeGreaterThan(0);
    expect(jobs.totalCount).toBeLessThanOrEqual(2);
    expect(
      shared.mock.calls.some(([q]) => textOf(q).includes('pgboss.') && !textOf(q).includes('pg_stat_activity')),
    ).toBe(false);
  });
});
