// Issue #15: password reset by emailed link (sent by a job): once, replaced by a newer link, expiring, proving the
// inbox of a squatted account, answering the same for unknown addresses, throttled per email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { outboxFor, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { FORGOT, LOGIN, REGISTER, RESET, useThrottleReset } from '../support/auth-paths';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { stopJobs } from '@/lib/jobs/boss';
import { pool } from '@/lib/pg';
import { waitUntil } from '../support/wait';

const BAD_LINK = { statusCode: 400, status: 'failed', message: 'Invalid or expired reset link' };

useThrottleReset();

describe('password reset by emailed link', () => {
  // The reset email is sent by a job (the request does the same work for every address).
  beforeAll(async () => {
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await startJob(QUEUES.passwordReset);
  });
  afterAll(() => stopJobs());

  /** The token of the `nth` reset email to `email`, once it has arrived. */
  async function resetToken(email: string, nth = 1): Promise<string> {
    await waitUntil(() => outboxFor(email, 'password-reset').length >= nth);
    const msgs = outboxFor(email, 'password-reset');
    const url = new URL(String(msgs.at(-1)!.data.url));
    expect(`${url.origin}${url.pathname}`).toBe(`${env.appUrl}/reset-password`);
    return url.searchParams.get('token')!;
  }

  it('sets a new password, signs out every session, and the link works once', async () => {
    const { client, email } = await signUp();
    const forgot = await new TestClient().post(FORGOT, { email });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'If the account exists, a reset link was sent',
    });
    const token = await resetToken(email);
    expect(await db.passwordReset.count({ where: { tokenHash: token } })).toBe(0);

    const res = await new TestClient().post(RESET, { token, password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Password changed. Sign in with your new password.',
      data: { email, emailVerified: true },
    });
    expect(res.text).not.toMatch(/password_?hash/i);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
    expect((await new TestClient().post(LOGIN, { email, password: PASSWORD })).status).toBe(401);
    expect((await new TestClient().post(LOGIN, { email, password: 'a brand new password' })).status).toBe(200);

    const again = await new TestClient().post(RESET, { token, password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(BAD_LINK);
  });

  it('a newer link replaces the older one, and a link expires after an hour', async () => {
    const { email } = await signUp();
    await new TestClient().post(FORGOT, { email });
    const first = await resetToken(email);
    await new TestClient().post(FORGOT, { email });
    const second = await resetToken(email, 2);
    expect((await new TestClient().post(RESET, { token: first, password: 'first new password' })).body).toEqual(
      BAD_LINK,
    );
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await new TestClient().post(RESET, { token: second, password: 'second new password' })).body).toEqual(
      BAD_LINK,
    );
  });

  it("resetting a squatted pending account proves the inbox: verified, and the squatter's password is gone", async () => {
    const email = uniqueEmail('squat-reset');
    const attacker = new TestClient();
    await attacker.post(REGISTER, { name: 'Mallory', email, password: 'attacker password' });
    await new TestClient().post(FORGOT, { email });
    const res = await new TestClient().post(RESET, { token: await resetToken(email), password: 'the owner password' });
    expect(res.status).toBe(200);
    expect(res.body.data.emailVerified).toBe(true);
    expect((await attacker.post(LOGIN, { email, password: 'attacker password' })).status).toBe(401);
    expect((await new TestClient().post(LOGIN, { email, password: 'the owner password' })).status).toBe(200);
  });

  it('an unknown email gets the same answer and nothing is sent', async () => {
    const email = uniqueEmail('ghost');
    const res = await new TestClient().post(FORGOT, { email });
    expect(res.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'If the account exists, a reset link was sent',
    });
    const { email: known } = await signUp();
    await new TestClient().post(FORGOT, { email: known });
    await resetToken(known);
    expect(outboxFor(email)).toHaveLength(0);
  });

  it('the request does the same work whether or not the account exists: one queued job, nothing else written', async () => {
    const { email: known } = await signUp();
    const unknown = uniqueEmail('ghost');
    const jobs = async (email: string) =>
      (
        await pool().query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'password-reset' AND data->>'email' = $1`,
          [email],
        )
      ).rows[0].n as number;
    const resetsBefore = await db.passwordReset.count();
    await stopJobs();
    try {
      // With no worker running, what the request itself did is all there is to see.
      for (const email of [known, unknown]) {
        const res = await new TestClient().post(FORGOT, { email });
        expect(res.body).toEqual({
          statusCode: 200,
          status: 'success',
          message: 'If the account exists, a reset link was sent',
        });
      }
      expect([await jobs(known), await jobs(unknown)]).toEqual([1, 1]);
      expect(await db.passwordReset.count()).toBe(resetsBefore);
      expect(outboxFor(known, 'password-reset')).toHaveLength(0);
    } finally {
      await startJob(QUEUES.passwordReset);
    }
    // The worker then sends the one email there is to send.
    await resetToken(known);
    expect(outboxFor(unknown)).toHaveLength(0);
  });

  it.each<[string, unknown, (string | number)[]]>([
    ['no token', { password: 'long enough pw' }, ['token']],
    ['an empty token', { token: ' ', password: 'long enough pw' }, ['token']],
    ['a short password', { token: 'abc', password: 'short' }, ['password']],
    ['a password over 128 characters', { token: 'abc', password: 'p'.repeat(129) }, ['password']],
  ])('reset-password with %s: 400 validation error', async (_label, body, path) => {
    const res = await new TestClient().post(RESET, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(path);
  });

  it('an unknown token: 400 and nothing changes', async () => {
    const res = await new TestClient().post(RESET, { token: 'not-a-real-token', password: 'long enough pw' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(BAD_LINK);
  });

  it('forgot-password is throttled per email', async () => {
    const { email } = await signUp();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await new TestClient().post(FORGOT, { email }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    await waitUntil(() => outboxFor(email, 'password-reset').length >= 3);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(outboxFor(email, 'password-reset')).toHaveLength(3);
  });
});
