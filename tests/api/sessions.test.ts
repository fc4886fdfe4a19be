// #48: a person's signed-in sessions. Each sign-in keeps the device (User-Agent) and address it came from; the person
// lists them, ends one, every other one or all; a password change ends the others and keeps the caller's own.
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { outboxFor, PASSWORD, signUp } from '../support/accounts';
import { sendPasswordReset } from '@/lib/auth/password-reset';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';

const SESSIONS = '/api/v1/auth/sessions';
const ME = '/api/v1/auth/me';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

type Listed = {
  id: string;
  label: string;
  browser: string | null;
  os: string | null;
  device: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** A fresh user signed in on one client only (sign-up's own passcode session is ended). */
async function personWithOneSession() {
  const person = await signUp();
  const res = await person.client.delete(SESSIONS);
  expect(res.status).toBe(200);
  return person;
}

/** Signs the person in again from another client (another machine) with this browser. */
async function signInFrom(email: string, userAgent: string, password = PASSWORD) {
  const client = new TestClient();
  const res = await client.post('/api/v1/auth/login', { email, password }, { headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return client;
}

async function list(client: TestClient): Promise<Listed[]> {
  const res = await client.get(SESSIONS);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function auditActions(orgId: string, action: string) {
  return db.auditLogEntry.findMany({ where: { orgId, action }, orderBy: { createdAt: 'asc' } });
}

afterEach(() => clock.reset());

describe('signed-in sessions', () => {
  it('lists each sign-in with its device, browser, OS, address and times, the caller marked current', async () => {
    const person = await personWithOneSession();
    const firefox = await signInFrom(person.email, FIREFOX_WINDOWS);
    const iphone = await signInFrom(person.email, SAFARI_IPHONE);

    const seen = await list(firefox);
    expect(seen).toHaveLength(3);
    // The caller's own first.
    expect(seen[0]).toMatchObject({
      label: 'Firefox on Windows',
      browser: 'Firefox 121',
      os: 'Windows 10',
      ipAddress: firefox.address,
      current: true,
    });
    const phone = seen.find((s) => s.ipAddress === iphone.address);
    expect(phone).toMatchObject({
      label: 'Mobile Safari on iPhone',
      browser: 'Mobile Safari 17',
      os: 'iOS 17.1',
      device: 'iPhone',
      current: false,
    });
    const first = seen.find((s) => s.ipAddress === person.client.address)!;
    expect(first.current).toBe(false);
    for (const s of seen) {
      expect(s.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Only what a person needs: no token hash, no user id.
    const res = await firefox.get(SESSIONS);
    expect(res.text).not.toMatch(/tokenHash|token_hash|userId/);
    // Another person sees none of these.
    const other = await personWithOneSession();
    const theirs = await list(other.client);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].current).toBe(true);
  });

  it('revoking one ends it at once: its cookie gets 401 on the next request; the others keep working', async () => {
    const person = await personWithOneSession();
    const chrome = await signInFrom(person.email, CHROME_MAC);
    const firefox = await signInFrom(person.email, FIREFOX_WINDOWS);
    const target = (await list(person.client)).find((s) => s.ipAddress === chrome.address)!;
    expect(target.label).toBe('Chrome on macOS');

    expect((await chrome.get(ME)).status).toBe(200);
    const res = await person.client.delete(`${SESSIONS}/${target.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/session=;/);

    expect((await chrome.get(ME)).status).toBe(401);
    expect((await firefox.get(ME)).status).toBe(200);
    expect((await person.client.get(ME)).status).toBe(200);
    expect((await list(person.client)).map((s) => s.id)).not.toContain(target.id);
    // Once gone, the same id is 404.
    expect((await person.client.delete(`${SESSIONS}/${target.id}`)).status).toBe(404);

    const entries = await auditActions(person.orgId, 'auth.sessions_revoked');
    expect(entries.at(-1)).toMatchObject({
      actorId: person.user.id,
      targetId: person.user.id,
      changes: { revoked: 1, scope: 'one', device: 'Chrome on macOS' },
    });
  });

  it('last seen follows use, written at most once per 5 minutes', async () => {
    const person = await personWithOneSession();
    const other = await signInFrom(person.email, CHROME_MAC);
    const lastSeen = async () => (await list(person.client)).find((s) => !s.current)!.lastSeenAt;
    const signedIn = await lastSeen();

    clock.set(Date.parse(signedIn) + 2 * 60_000);
    expect((await other.get(ME)).status).toBe(200);
    expect(await lastSeen()).toBe(signedIn);

    const later = Date.parse(signedIn) + 6 * 60_000;
    clock.set(later);
    expect((await other.get(ME)).status).toBe(200);
    expect(await lastSeen()).toBe(new Date(later).toISOString());
  });

  it("another person's session id is 404 and that session keeps working", async () => {
    const mallory = await personWithOneSession();
    const victim = await personWithOneSession();
    const [victimSession] = await list(victim.client);
    const before = (await auditActions(victim.orgId, 'auth.sessions_revoked')).length;

    const res = await mallory.client.delete(`${SESSIONS}/${victimSession.id}`);
    expect(res.status).toBe(404);
    expect((await victim.client.get(ME)).status).toBe(200);
    expect(await db.session.count({ where: { id: victimSession.id } })).toBe(1);
    expect(await auditActions(victim.orgId, 'auth.sessions_revoked')).toHaveLength(before);
    // A malformed id names nothing either.
    expect((await mallory.client.delete(`${SESSIONS}/${'x'.repeat(200)}`)).status).toBe(404);
  });

  it('revoking its own session signs the caller out and clears the cookie', async () => {
    const person = await personWithOneSession();
    const [own] = await list(person.client);
    const res = await person.client.delete(`${SESSIONS}/${own.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session=;.*Max-Age=0/);
    expect(person.client.cookie).toBeUndefined();
    expect(await db.session.count({ where: { id: own.id } })).toBe(0);
  });

  it('"sign out everywhere else" ends every other session and keeps the caller\'s; ?all=true ends all', async () => {
    const person = await personWithOneSession();
    const a = await signInFrom(person.email, CHROME_MAC);
    const b = await signInFrom(person.email, FIREFOX_WINDOWS);
    const bystander = await personWithOneSession();

    const res = await person.client.delete(SESSIONS);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: 2 });
    expect((await a.get(ME)).status).toBe(401);
    expect((await b.get(ME)).status).toBe(401);
    expect((await person.client.get(ME)).status).toBe(200);
    expect((await bystander.client.get(ME)).status).toBe(200);
    const entry = (await auditActions(person.orgId, 'auth.sessions_revoked')).at(-1);
    expect(entry?.changes).toMatchObject({ revoked: 2, scope: 'others' });

    const c = await signInFrom(person.email, SAFARI_IPHONE);
    const all = await person.client.delete(SESSIONS, { query: { all: 'true' } });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ revoked: 2 });
    expect(all.headers.getSetCookie().join('\n')).toMatch(/session=;.*Max-Age=0/);
    expect((await c.get(ME)).status).toBe(401);
    expect(await db.session.count({ where: { userId: person.user.id } })).toBe(0);
    expect((await bystander.client.get(ME)).status).toBe(200);
  });

  it('an API token cannot list or end sessions (a signed-in session only)', async () => {
    const person = await personWithOneSession();
    const created = await person.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read', 'write'] });
    expect(created.status).toBe(201);
    const bearer = new TestClient();
    const headers = { authorization: `Bearer ${created.body.data.token}` };
    expect((await bearer.get(SESSIONS, { headers })).status).toBe(403);
    expect((await bearer.delete(SESSIONS, { headers })).status).toBe(403);
    expect((await person.client.get(ME)).status).toBe(200);
  });
});

describe('password change', () => {
  const PASSWORD_PATH = '/api/v1/auth/password';
  const NEW_PASSWORD = 'a brand new passphrase';

  it('ends every other session, keeps the current one, and the new password signs in', async () => {
    const person = await personWithOneSession();
    const other = await signInFrom(person.email, CHROME_MAC);
    const [own] = (await list(person.client)).filter((s) => s.current);

    const res = await person.client.request('PUT', PASSWORD_PATH, {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionsRevoked: 1 });

    expect((await other.get(ME)).status).toBe(401);
    expect((await person.client.get(ME)).status).toBe(200);
    expect((await list(person.client)).map((s) => s.id)).toEqual([own.id]);

    const oldLogin = await new TestClient().post('/api/v1/auth/login', { email: person.email, password: PASSWORD });
    expect(oldLogin.status).toBe(401);
    await signInFrom(person.email, FIREFOX_WINDOWS, NEW_PASSWORD);

    const changed = await auditActions(person.orgId, 'auth.password_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      actorId: person.user.id,
      targetId: person.user.id,
      changes: { via: 'settings', sessionsRevoked: 1 },
    });
    const revoked = (await auditActions(person.orgId, 'auth.sessions_revoked')).at(-1);
    expect(revoked?.changes).toMatchObject({ revoked: 1, scope: 'others', reason: 'password_changed' });
  });

  it('a wrong current password is 400 on that field and changes nothing', async () => {
    const person = await personWithOneSession();
    const other = await signInFrom(person.email, CHROME_MAC);
    const res = await person.client.request('PUT', PASSWORD_PATH, {
      body: { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContainEqual(expect.objectContaining({ path: ['currentPassword'] }));
    expect((await other.get(ME)).status).toBe(200);
    expect(await auditActions(person.orgId, 'auth.password_changed')).toHaveLength(0);
    const short = await person.client.request('PUT', PASSWORD_PATH, {
      body: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toContainEqual(expect.objectContaining({ path: ['newPassword'] }));
  });

  it('a password reset ends every session of the person and is recorded', async () => {
    const person = await personWithOneSession();
    const other = await signInFrom(person.email, CHROME_MAC);
    // The job the forgot-password form queues, run here.
    await sendPasswordReset({ email: person.email });
    const mail = outboxFor(person.email, 'password-reset').at(-1)!;
    const token = new URL(String(mail.data.url)).searchParams.get('token')!;

    const res = await new TestClient().post('/api/v1/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await other.get(ME)).status).toBe(401);
    expect((await person.client.get(ME)).status).toBe(401);
    const changed = await auditActions(person.orgId, 'auth.password_changed');
    expect(changed.at(-1)).toMatchObject({
      actorId: person.user.id,
      changes: { via: 'reset_link', sessionsRevoked: 2 },
    });
  });
});
