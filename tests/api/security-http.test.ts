// Issue #15: every body capped before it is buffered, JSON routes refuse other content types, CSRF on every
// state-changing request (signed in or not), and malformed cookies answered as no session.
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { PASSWORD, signUp, uniqueEmail } from '../support/accounts';
import { db } from '@/lib/db';
import { env } from '@/lib/env';

const TOO_LARGE = { statusCode: 413, status: 'failed', message: 'Request body too large' };
const NOT_JSON = { statusCode: 415, status: 'failed', message: 'Content-Type must be application/json' };
const CROSS_ORIGIN = { statusCode: 403, status: 'failed', message: 'Cross-origin request refused' };

/** A body that streams `total` bytes in 64 KiB chunks and counts what was pulled from it. */
function countingStream(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

async function streamed(path: string, total: number, headers: Record<string, string>) {
  const body = countingStream(total);
  const res = await new TestClient().request('POST', path, { headers, body: body.stream });
  return { res, pulled: body.pulled() };
}

describe('body caps: 413 without reading the rest', () => {
  it.each<[string, string, Record<string, string>]>([
    ['login', '/api/v1/auth/login', { 'content-type': 'application/json' }],
    ['register', '/api/v1/auth/register', { 'content-type': 'application/json' }],
    ['send-otp', '/api/v1/auth/send-otp', { 'content-type': 'application/json' }],
    [
      'the Stripe webhook',
      '/api/webhooks/stripe',
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    ],
    ["next-auth's sign-in form", '/api/auth/signin/github', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('%s: a 64 MiB streamed body without Content-Length stops after the cap', async (_label, path, headers) => {
    const { res, pulled } = await streamed(path, 64 * 1024 * 1024, headers);
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect(pulled).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('a declared Content-Length over the cap is refused before any byte is read', async () => {
    const { res, pulled } = await streamed('/api/v1/auth/login', 8 * 1024 * 1024, {
      'content-type': 'application/json',
      'content-length': String(1024 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect(pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it('a signed-in write over 1 MiB is 413 and changes nothing', async () => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/projects', { name: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect((await client.get('/api/v1/projects')).body.data).toEqual([]);
  });
});

describe('JSON routes refuse other content types with 415', () => {
  it.each<[string, string | undefined]>([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', undefined],
  ])('login with %s', async (_label, type) => {
    const email = uniqueEmail('ctype');
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const req = new Request(`${env.appUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!type) req.headers.delete('content-type');
    const { POST } = await import('@/app/api/v1/auth/login/route');
    const res = await POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(NOT_JSON);
  });

  it('register with text/plain from a page creates no account', async () => {
    const email = uniqueEmail('csrf-text');
    const res = await new TestClient().post(
      '/api/v1/auth/register',
      JSON.stringify({ name: 'A', email, password: PASSWORD }),
      { headers: { 'content-type': 'text/plain' } },
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual(NOT_JSON);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json'])(
    'accepts %s',
    async (type) => {
      const res = await new TestClient().post('/api/v1/auth/send-otp', JSON.stringify({ email: uniqueEmail('ok') }), {
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(200);
    },
  );

  it('an empty body without a content type still reaches validation (400)', async () => {
    const res = await new TestClient().request('POST', '/api/v1/auth/send-otp');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
  });
});

describe('CSRF: a foreign page cannot write, signed in or not', () => {
  const foreign: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example.com' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin that only shares the port', { origin: 'http://localhost.evil.example.com:3000' }],
  ];

  it.each(foreign)('login with %s: 403 and no session', async (_label, headers) => {
    const { email, password } = await signUp();
    const c = new TestClient();
    const res = await c.post('/api/v1/auth/login', { email, password }, { headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(CROSS_ORIGIN);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each(foreign)('register with %s: 403 and no account', async (_label, headers) => {
    const email = uniqueEmail('csrf');
    const res = await new TestClient().post(
      '/api/v1/auth/register',
      { name: 'A', email, password: PASSWORD },
      { headers },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(CROSS_ORIGIN);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it.each(foreign)('a signed-in project delete with %s: 403 and the project stays', async (_label, headers) => {
    const { client } = await signUp();
    const created = await client.post('/api/v1/projects', { name: 'Kept' });
    const res = await client.delete(`/api/v1/projects/${created.body.data.id}`, { headers });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(CROSS_ORIGIN);
    expect((await client.get(`/api/v1/projects/${created.body.data.id}`)).status).toBe(200);
  });

  it.each<[string, Record<string, string>]>([
    ["APP_URL's origin", { origin: env.appOrigin, 'sec-fetch-site': 'same-origin' }],
    ['the Host the request was sent to', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
    ['no Origin (a programmatic client)', {}],
  ])('login from %s is allowed', async (_label, headers) => {
    const { email, password } = await signUp();
    const res = await new TestClient().post('/api/v1/auth/login', { email, password }, { headers });
    expect(res.status).toBe(200);
  });

  it('reads are not refused for a foreign origin', async () => {
    const { client } = await signUp();
    const res = await client.get('/api/v1/auth/me', {
      headers: { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });
});

describe('malformed cookies are no session (401), never a 500', () => {
  it.each(['session=%E0%A4', 'session=%', 'session=%zz%', 'session', 'session=; session=%E0', '=%E0%A4; session=%ff'])(
    'Cookie: %s',
    async (cookie) => {
      const res = await new TestClient().get('/api/v1/auth/me', { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
    },
  );
});
