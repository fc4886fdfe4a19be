// Issue #15: throttles that hold (atomic, per email and address, X-Forwarded-For only from trusted proxies), and
// sign-up that cannot be squatted (password reset: security-password-reset.test.ts).
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { latestOtp, outboxFor, PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { LOGIN, REGISTER, SEND, useThrottleReset, VERIFY } from '../support/auth-paths';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { perAddress, THROTTLE_LIMITS } from '@/lib/auth/throttle';

const TOO_MANY_LOGINS = {
  statusCode: 429,
  status: 'failed',
  message: 'Too many failed login attempts, try again later',
};
const TOO_MANY = { statusCode: 429, status: 'failed', message: 'Too many requests, try again later' };
const WRONG = 'wrong password!';

useThrottleReset();

/** The per-address limits are generous; these tests scale them down (the multiplier works both ways). */
function strictPerAddressLimits(): void {
  process.env.AUTH_THROTTLE_MULTIPLIER = '0.1';
}

function statuses(results: { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

describe('login throttle', () => {
  it('a burst of 200 parallel attempts from one address gets at most the limit of password checks; the right password inside it is refused', async () => {
    const { email } = await signUp();
    const attacker = new TestClient();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attacker.post(LOGIN, { email, password: i === 150 ? PASSWORD : WRONG })),
    );
    const counts = statuses(results);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(THROTTLE_LIMITS.loginPerEmailAndAddress);
    expect(counts[429]).toBeGreaterThanOrEqual(200 - THROTTLE_LIMITS.loginPerEmailAndAddress);
    const blocked = results.find((r) => r.status === 429)!;
    expect(blocked.body).toEqual(TOO_MANY_LOGINS);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a rotating X-Forwarded-For from an untrusted client is the same address', async () => {
    const { email } = await signUp();
    const attacker = new TestClient();
    const results = [];
    for (let i = 0; i < 8; i++)
      results.push(
        await attacker.post(LOGIN, { email, password: WRONG }, { headers: { 'x-forwarded-for': `198.51.100.${i}` } }),
      );
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('one attacker cannot lock the owner out: the owner signs in from their own address', async () => {
    const { email } = await signUp();
    const attacker = new TestClient();
    for (let i = 0; i < 8; i++) await attacker.post(LOGIN, { email, password: WRONG });
    expect((await attacker.post(LOGIN, { email, password: PASSWORD })).status).toBe(429);
    const owner = new TestClient();
    const res = await owner.post(LOGIN, { email, password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it('an attacker spraying many emails from one address is stopped at the per-address limit without touching other addresses', async () => {
    strictPerAddressLimits();
    const limit = perAddress(THROTTLE_LIMITS.loginPerAddress);
    expect(limit).toBe(10);
    const attacker = new TestClient();
    const results = await Promise.all(
      Array.from({ length: limit + 20 }, () => attacker.post(LOGIN, { email: uniqueEmail('spray'), password: WRONG })),
    );
    expect(statuses(results)[401]).toBe(limit);
    const { email } = await signUp();
    expect((await new TestClient().post(LOGIN, { email, password: PASSWORD })).status).toBe(200);
  });

  it('a right password gives its attempt back, and the window ends after 15 minutes', async () => {
    const { email } = await signUp();
    const c = new TestClient();
    for (let i = 0; i < 4; i++) expect((await c.post(LOGIN, { email, password: WRONG })).status).toBe(401);
    expect((await c.post(LOGIN, { email, password: PASSWORD })).status).toBe(200);
    // The (email, address) counter started over: four more mistakes still answer 401.
    for (let i = 0; i < 4; i++) expect((await c.post(LOGIN, { email, password: WRONG })).status).toBe(401);
    for (let i = 0; i < 2; i++) await c.post(LOGIN, { email, password: WRONG });
    expect((await c.post(LOGIN, { email, password: PASSWORD })).status).toBe(429);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await c.post(LOGIN, { email, password: PASSWORD })).status).toBe(200);
  });

  it('the counters live in PostgreSQL, so every instance sees them', async () => {
    const { email } = await signUp();
    const c = new TestClient();
    await c.post(LOGIN, { email, password: WRONG });
    const rows = await db.throttleCounter.findMany({
      where: { key: { startsWith: 'login:', contains: email } },
      orderBy: { key: 'asc' },
    });
    expect(rows.map((r) => [r.key, r.count])).toEqual([
      [`login:e:${email}`, 1],
      [`login:ea:${c.address}:${email}`, 1],
    ]);
  });
});

describe('passcode tries are counted atomically', () => {
  it('right codes give their hit back: many sign-ups verified from one address are never refused', async () => {
    strictPerAddressLimits();
    const c = new TestClient();
    for (let i = 0; i < perAddress(THROTTLE_LIMITS.passcodePerAddress) + 5; i++) {
      const email = uniqueEmail('many-verify');
      await new TestClient().post(REGISTER, { name: 'V', email, password: PASSWORD });
      expect((await c.post(VERIFY, { email, otp: latestOtp(email) })).status).toBe(200);
    }
  });

  it('30 parallel wrong tries: exactly 5 are compared, and the right code afterwards is refused', async () => {
    const email = uniqueEmail('otp-burst');
    const c = new TestClient();
    await c.post(REGISTER, { name: 'Burst', email, password: PASSWORD });
    const otp = latestOtp(email);
    const wrong = otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const results = await Promise.all(
      Array.from({ length: 30 }, () => new TestClient().post(VERIFY, { email, otp: wrong })),
    );
    expect(statuses(results)).toEqual({ 400: 30 });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect((await db.passcode.findUniqueOrThrow({ where: { userId: user.id } })).attempts).toBe(5);
    expect((await c.post(VERIFY, { email, otp })).status).toBe(400);
  });

  it('a right code inside a parallel burst is used at most once', async () => {
    const email = uniqueEmail('otp-race');
    await new TestClient().post(REGISTER, { name: 'Race', email, password: PASSWORD });
    const otp = latestOtp(email);
    const results = await Promise.all(Array.from({ length: 5 }, () => new TestClient().post(VERIFY, { email, otp })));
    expect(statuses(results)[200]).toBe(1);
  });

  it('guesses from one address across many emails stop at the per-address limit', async () => {
    strictPerAddressLimits();
    const limit = perAddress(THROTTLE_LIMITS.passcodePerAddress);
    const c = new TestClient();
    const results = [];
    for (let i = 0; i < limit + 2; i++)
      results.push(await c.post(VERIFY, { email: uniqueEmail('guess'), otp: 'AAAAAA' }));
    expect(results.slice(0, limit).every((r) => r.status === 400)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    expect(results.at(-1)!.body).toEqual(TOO_MANY);
  });
});

describe('send-otp and register are throttled', () => {
  it('30 send-otp calls for one email send at most 3 passcodes after the sign-up one', async () => {
    const email = uniqueEmail('flood');
    await new TestClient().post(REGISTER, { name: 'Flood', email, password: PASSWORD });
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await new TestClient().post(SEND, { email }));
    expect(statuses(results)).toEqual({
      200: THROTTLE_LIMITS.sendPasscodePerEmail,
      429: 30 - THROTTLE_LIMITS.sendPasscodePerEmail,
    });
    expect(results.at(-1)!.body).toEqual(TOO_MANY);
    expect(outboxFor(email, 'otp')).toHaveLength(1 + THROTTLE_LIMITS.sendPasscodePerEmail);
  });

  it('unknown emails are throttled the same way (no enumeration through the limit)', async () => {
    const email = uniqueEmail('nobody');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await new TestClient().post(SEND, { email }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(outboxFor(email)).toHaveLength(0);
  });

  it('register: a per-address limit of sign-ups an hour', async () => {
    strictPerAddressLimits();
    const c = new TestClient();
    const results = [];
    for (let i = 0; i < perAddress(THROTTLE_LIMITS.registerPerAddress) + 1; i++)
      results.push(await c.post(REGISTER, { name: 'Many', email: uniqueEmail('many'), password: PASSWORD }));
    expect(results.slice(0, -1).every((r) => r.status === 201)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    expect(results.at(-1)!.body).toEqual(TOO_MANY);
  });
});

describe('sign-up cannot be squatted', () => {
  it("an attacker's registration of someone else's email dies with its passcode; the owner then signs up with their own password", async () => {
    const email = uniqueEmail('victim');
    const attacker = new TestClient();
    expect((await attacker.post(REGISTER, { name: 'Mallory', email, password: 'attacker password' })).status).toBe(201);
    const attackerOtp = latestOtp(email);

    // While the pending account lives, a second sign-up is refused as the contract says.
    const early = await new TestClient().post(REGISTER, { name: 'Owner', email, password: PASSWORD });
    expect(early.status).toBe(409);

    clock.advance(10 * 60 * 1000 + 1000);
    // The pending account is over: a resend sends nothing, its old passcode is refused.
    expect((await new TestClient().post(SEND, { email })).status).toBe(200);
    expect(outboxFor(email, 'otp')).toHaveLength(1);
    expect((await new TestClient().post(VERIFY, { email, otp: attackerOtp })).status).toBe(400);

    const owner = new TestClient();
    const reg = await owner.post(REGISTER, { name: 'Owner', email, password: PASSWORD });
    expect(reg.status).toBe(201);
    expect(reg.body.data).toMatchObject({ name: 'Owner', email, emailVerified: false });
    expect((await owner.post(VERIFY, { email, otp: latestOtp(email) })).status).toBe(200);
    expect((await attacker.post(LOGIN, { email, password: 'attacker password' })).status).toBe(401);
    expect((await owner.post(LOGIN, { email, password: PASSWORD })).status).toBe(200);
    // One user and one organization: the attacker's empty one went with its account.
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.organization.count({ where: { name: "Mallory's organization", users: { none: {} } } })).toBe(0);
  });

  it('a verified account is never replaced: register stays 409 at any time', async () => {
    const { email } = await signUp();
    clock.advance(24 * 3600 * 1000);
    const res = await new TestClient().post(REGISTER, { name: 'Late', email, password: 'another password' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, status: 'failed', message: 'Email already registered' });
  });
});

describe('invite links', () => {
  it('signing up from an invite link replaces an unverified sign-up squatting the invited address', async () => {
    const owner = await signUp({ name: 'Olivia Owner' });
    const email = uniqueEmail('invited');
    const squatter = new TestClient();
    expect((await squatter.post(REGISTER, { name: 'Mallory', email, password: 'attacker password' })).status).toBe(201);
    const invite = await owner.client.post('/api/v1/organization/invites', { email, role: 'MEMBER' });
    const token = new URL(invite.body.data.url).pathname.split('/').pop()!;
    const res = await new TestClient().post(`/api/v1/invites/${token}/register`, {
      name: 'Real Person',
      password: 'the real password',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Real Person', email, emailVerified: true });
    expect((await squatter.post(LOGIN, { email, password: 'attacker password' })).status).toBe(401);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('looking up invite tokens is throttled per address', async () => {
    const c = new TestClient();
    const results = [];
    for (let i = 0; i < THROTTLE_LIMITS.inviteLinkPerAddress + 1; i++)
      results.push(await c.get(`/api/v1/invites/guess-${i}`));
    expect(results.slice(0, -1).every((r) => r.status === 404)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    expect(results.at(-1)!.body).toEqual(TOO_MANY);
  });
});
