// Privacy by default (#26): secrets sent through every ingest path are scrubbed before anything is stored,
// shown, alerted or searched; the settings that change it, and who may change them.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { ORG_LOCK_MESSAGE } from '@/lib/privacy/privacy-settings';
import { signUp, uniqueEmail, outboxFor } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import type { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { makeSecrets, sweepForSecrets, type Secrets } from '../support/secrets';
import { inviteAndJoin } from '../support/teams';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';

const receiver = useAlertWorkers();
const F = '[Filtered]';

/** A native envelope carrying each secret where an SDK would put it. */
function nativeWithSecrets(s: Secrets) {
  return errorEnvelope({
    exception: {
      type: 'PaymentError',
      value: `charge failed for card ${s.cardSpaced}`,
      stacktrace: {
        frames: [{ filename: `https://shop:${s.urlPassword}@cdn.example.com/app.js`, lineno: 3, function: 'pay' }],
      },
    },
    request: {
      url: `https://shop.example.com/pay?access_token=${s.queryToken}&step=2`,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${s.bearer}`,
        Cookie: `sid=${s.cookie}`,
        'X-Api-Key': s.apiKey,
        'User-Agent': 'Mozilla/5.0',
      },
    },
    breadcrumbs: [
      {
        type: 'http',
        message: `POST /login?password=${s.breadcrumbToken}`,
        data: { url: '/login', password: s.formPassword },
      },
    ],
    tags: { session_token: s.bearer, plan: 'gold' },
    user: { id: 'user-7', email: 'ann@example.com' },
  });
}

/** A Sentry event (the store endpoint) with what the SDKs' HTTP integrations attach. */
function sentryWithSecrets(s: Secrets) {
  return {
    event_id: crypto.randomUUID().replace(/-/g, ''),
    platform: 'python',
    level: 'error',
    exception: {
      values: [
        {
          type: 'ValueError',
          value: `aws key ${s.awsKey} rejected`,
          stacktrace: { frames: [{ filename: 'app.py', lineno: 9, function: 'charge' }] },
        },
      ],
    },
    request: {
      url: 'https://shop.example.com/pay',
      method: 'POST',
      query_string: `token=${s.queryToken}&page=1`,
      cookies: { sessionid: s.cookie, theme: 'dark' },
      headers: { Authorization: `Basic ${s.apiKey}`, 'Content-Type': 'application/json' },
      data: { email: 'ann@example.com', password: s.formPassword, card: s.card },
      env: { REMOTE_ADDR: '198.51.100.23' },
    },
    extra: { password: s.password, api_key: s.apiKey, order: 'ORD-2026-000123' },
    contexts: { app: { app_token: s.bearer, build: '7' } },
    user: { id: 'user-8', ip_address: '{{auto}}' },
  };
}

const allValues = (s: Secrets) => Object.values(s);

async function setup(name: string) {
  const account = await signUp();
  const project = await createProject(account.client, name);
  const key = project.keys[0];
  return { ...account, project, key: key.publicKey, sentryDsn: (key as typeof key & { sentryDsn: string }).sentryDsn };
}

async function storeSentry(
  client: TestClient,
  project: { number: number },
  publicKey: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return client.post(`/api/${project.number}/store/`, body, {
    headers: { 'x-sentry-auth': `Sentry sentry_key=${publicKey}, sentry_version=7`, ...headers },
  });
}

async function events(client: TestClient, projectId: string) {
  const issues = (await client.get(`/api/v1/projects/${projectId}/issues`)).body.data.issues as {
    id: string;
    title: string;
  }[];
  const out: any[] = [];
  for (const i of issues)
    out.push(...(await client.get(`/api/v1/projects/${projectId}/issues/${i.id}/events`)).body.data.events);
  return { issues, events: out };
}

describe('scrubbing at ingest, on by default', () => {
  it('no sent secret is in any row, email or webhook; a project with scrubbing off stores them (the sweep finds them)', async () => {
    const hook = await receiver();
    const on = await setup('Scrubbed');
    const off = await setup('Verbatim');
    expect(
      (await off.client.patch(`/api/v1/projects/${off.project.id}/privacy`, { scrubDefaults: false })).status,
    ).toBe(200);
    const onSecrets = makeSecrets();
    const offSecrets = makeSecrets();
    const email = uniqueEmail('oncall');
    for (const p of [on, off]) {
      const rule = await p.client.post(`/api/v1/projects/${p.project.id}/alerts`, {
        name: 'New issues',
        webhookUrl: `${hook.url}/new`,
        notifyEmail: email,
      });
      expect(rule.status).toBe(201);
    }
    for (const [p, s] of [
      [on, onSecrets],
      [off, offSecrets],
    ] as const) {
      expect(
        (await send({ client: p.client, projectId: p.project.id, key: p.key, body: nativeWithSecrets(s) })).status,
      ).toBe(200);
      expect((await storeSentry(p.client, p.project, p.key, sentryWithSecrets(s))).status).toBe(200);
    }
    await hook.waitFor(4);
    await waitUntil(() => outboxFor(email, 'new-issue').length === 4);

    expect(await sweepForSecrets(allValues(onSecrets))).toEqual([]);
    const leaked = await sweepForSecrets(allValues(offSecrets));
    // The switch is real: every secret the verbatim project was sent is stored somewhere.
    expect(new Set(leaked.map((l) => l.split(': ').at(-1)))).toEqual(new Set(allValues(offSecrets)));
    for (const body of hook.requests.map((r) => r.body))
      for (const v of allValues(onSecrets)) expect(body).not.toContain(v);
  });

  it('the event API shows [Filtered] where a secret was, with its key kept', async () => {
    const p = await setup('Shop');
    const s = makeSecrets();
    await send({ client: p.client, projectId: p.project.id, key: p.key, body: nativeWithSecrets(s) });
    await storeSentry(p.client, p.project, p.key, sentryWithSecrets(s));
    const { issues, events: evs } = await events(p.client, p.project.id);
    expect(issues.map((i) => i.title).sort()).toEqual([
      `PaymentError: charge failed for card ${F}`,
      `ValueError: aws key ${F} rejected`,
    ]);
    const native = evs.find((e) => e.message.startsWith('charge'));
    expect(native.message).toBe(`charge failed for card ${F}`);
    expect(native.stacktrace.frames[0].filename).toBe(`https://shop:${F}@cdn.example.com/app.js`);
    expect(native.request).toEqual({
      url: `https://shop.example.com/pay?access_token=${F}&step=2`,
      method: 'POST',
      headers: { Authorization: F, Cookie: F, 'X-Api-Key': F, 'User-Agent': 'Mozilla/5.0' },
    });
    expect(native.breadcrumbs[0]).toMatchObject({
      message: `POST /login?password=${F}`,
      data: { url: '/login', password: F },
    });
    expect(native.tags).toEqual({ session_token: F, plan: 'gold' });

    const sentry = evs.find((e) => e.message.startsWith('aws'));
    expect(sentry.request).toMatchObject({
      query_string: `token=${F}&page=1`,
      cookies: { sessionid: F, theme: F },
      headers: { Authorization: F, 'Content-Type': 'application/json' },
      data: { email: 'ann@example.com', password: F, card: F },
    });
    expect(sentry.extra).toEqual({ password: F, api_key: F, order: 'ORD-2026-000123' });
    expect(sentry.contexts.app).toEqual({ app_token: F, build: '7' });
    // {{auto}} is the sender's address (as our server resolved it); kept by default, as Sentry does.
    expect(sentry.userContext).toEqual({ id: 'user-8', ip_address: p.client.address });
  });

  it('grouping reads the scrubbed event: one issue whatever card number the message carries', async () => {
    const p = await setup('Cards');
    for (let i = 0; i < 3; i++) {
      const s = makeSecrets();
      const res = await send({
        client: p.client,
        projectId: p.project.id,
        key: p.key,
        body: errorEnvelope({
          exception: {
            type: 'PaymentError',
            value: `declined: ${s.card}`,
            stacktrace: { frames: [{ filename: 'pay.js', lineno: 1 }] },
          },
        }),
      });
      expect(res.status).toBe(200);
    }
    const issues = (await p.client.get(`/api/v1/projects/${p.project.id}/issues`)).body.data.issues;
    expect(issues.map((i: { title: string; eventCount: number }) => [i.title, i.eventCount])).toEqual([
      [`PaymentError: declined: ${F}`, 3],
    ]);
  });

  it("don't store IP addresses: neither the one sent nor the connection's", async () => {
    const p = await setup('No IPs');
    const patched = await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, { scrubIpAddresses: true });
    expect(patched.status).toBe(200);
    const body = { ...sentryWithSecrets(makeSecrets()), user: { id: 'u1', ip_address: '{{auto}}' } };
    p.client.address = '203.0.113.8';
    await storeSentry(p.client, p.project, p.key, body);
    await send({
      client: p.client,
      projectId: p.project.id,
      key: p.key,
      body: errorEnvelope({ user: { id: 'u2', ip_address: '198.51.100.9' }, fingerprint: ['ip'] }),
    });
    const { events: evs } = await events(p.client, p.project.id);
    expect(evs.map((e) => e.userContext).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'u1' },
      { id: 'u2' },
    ]);
    expect(await sweepForSecrets(['203.0.113.8', '198.51.100.9', '198.51.100.23'])).toEqual([]);
  });

  it('additional sensitive fields and safe fields apply to events received after the change', async () => {
    const p = await setup('Custom fields');
    const ingest = (fp: string) =>
      send({
        client: p.client,
        projectId: p.project.id,
        key: p.key,
        body: errorEnvelope({ fingerprint: [fp], extra: { tax_id: 'DE123', csrf_token: 'c1' } }),
      });
    await ingest('before');
    const res = await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, {
      sensitiveFields: ['Tax ID'],
      safeFields: ['csrf_token'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      scrubDefaults: true,
      sensitiveFields: ['Tax ID'],
      safeFields: ['csrf_token'],
      scrubIpAddresses: false,
      orgRequiresScrubbing: false,
      scrubbingActive: true,
    });
    await ingest('after');
    const evs = (await events(p.client, p.project.id)).events;
    const byFp = (fp: string) =>
      evs.find((e) => e.extra && (fp === 'after' ? e.extra.csrf_token === 'c1' : e.extra.csrf_token === F));
    expect(byFp('before').extra).toEqual({ tax_id: 'DE123', csrf_token: F });
    expect(byFp('after').extra).toEqual({ tax_id: F, csrf_token: 'c1' });
  });
});

describe('privacy settings API', () => {
  it('a new project scrubs by default', async () => {
    const p = await setup('Defaults');
    const res = await p.client.get(`/api/v1/projects/${p.project.id}/privacy`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      scrubDefaults: true,
      sensitiveFields: [],
      safeFields: [],
      scrubIpAddresses: false,
      orgRequiresScrubbing: false,
      scrubbingActive: true,
    });
    expect((await p.client.get('/api/v1/organization/privacy')).body.data).toEqual({ requireScrubbing: false });
  });

  it.each([
    [{}, [{ path: [], message: 'Nothing to update: give at least one setting' }]],
    [{ scrubDefaults: 'no' }, [{ path: ['scrubDefaults'], message: 'Default scrubbers: must be true or false' }]],
    [
      { scrubIpAddresses: 1 },
      [{ path: ['scrubIpAddresses'], message: "Don't store IP addresses: must be true or false" }],
    ],
    [{ sensitiveFields: [''] }, [{ path: ['sensitiveFields', 0], message: 'Field names must not be empty' }]],
    [
      { safeFields: ['a'.repeat(101)] },
      [{ path: ['safeFields', 0], message: 'Field names must be at most 100 characters' }],
    ],
    [
      { sensitiveFields: ['x\u0000y'] },
      [{ path: ['sensitiveFields', 0], message: 'Must not contain control characters' }],
    ],
    [
      { sensitiveFields: ['x<y'] },
      [
        {
          path: ['sensitiveFields', 0],
          message: 'Field names may hold letters, digits, spaces and . - _ [ ] $ @ : / only',
        },
      ],
    ],
    [
      { sensitiveFields: Array.from({ length: 51 }, (_, i) => `f${i}`) },
      [{ path: ['sensitiveFields'], message: 'Additional sensitive fields: at most 50 fields' }],
    ],
    [{ safeFields: 'token' }, [{ path: ['safeFields'], message: expect.stringContaining('expected array') }]],
    [{ scrubDefaults: true, extra: 1 }, [{ path: [], message: expect.stringContaining('extra') }]],
  ])('PATCH %j → 400 Validation error', async (body, error) => {
    const p = await setup('Validation');
    const res = await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error', error });
  });

  it('a MEMBER may read but not change them; an ADMIN may not set the organization lock', async () => {
    const owner = await setup('Roles');
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    expect((await member.client.get(`/api/v1/projects/${owner.project.id}/privacy`)).status).toBe(200);
    const m = await member.client.patch(`/api/v1/projects/${owner.project.id}/privacy`, { scrubDefaults: false });
    expect([m.status, m.body.message]).toEqual([403, 'This action requires the ADMIN role']);
    const a = await admin.client.patch('/api/v1/organization/privacy', { requireScrubbing: true });
    expect([a.status, a.body.message]).toEqual([403, 'This action requires the OWNER role']);
    const row = await db.project.findUniqueOrThrow({ where: { id: owner.project.id } });
    expect(row.scrubDefaults).toBe(true);
    expect((await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).requireScrubbing).toBe(false);
  });

  it('the organization lock: scrubbing applies even where a project had turned it off, and cannot be turned off (403)', async () => {
    const p = await setup('Locked');
    await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, { scrubDefaults: false });
    const lock = await p.client.patch('/api/v1/organization/privacy', { requireScrubbing: true });
    expect([lock.status, lock.body.data]).toEqual([200, { requireScrubbing: true }]);
    const read = (await p.client.get(`/api/v1/projects/${p.project.id}/privacy`)).body.data;
    expect(read).toMatchObject({ scrubDefaults: false, orgRequiresScrubbing: true, scrubbingActive: true });

    const s = makeSecrets();
    await send({
      client: p.client,
      projectId: p.project.id,
      key: p.key,
      body: errorEnvelope({ extra: { password: s.password } }),
    });
    expect(await sweepForSecrets([s.password])).toEqual([]);

    const refused = await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, { scrubDefaults: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, status: 'failed', message: ORG_LOCK_MESSAGE });
    // Other settings stay editable under the lock; turning the defaults on is always allowed.
    expect(
      (await p.client.patch(`/api/v1/projects/${p.project.id}/privacy`, { scrubDefaults: true, safeFields: ['theme'] }))
        .status,
    ).toBe(200);
  });

  it("another organization's project: 404, and nothing changes", async () => {
    const a = await setup('Mine');
    const b = await setup('Theirs');
    const before = await db.project.findUniqueOrThrow({ where: { id: a.project.id } });
    expect((await b.client.get(`/api/v1/projects/${a.project.id}/privacy`)).status).toBe(404);
    const res = await b.client.patch(`/api/v1/projects/${a.project.id}/privacy`, { scrubDefaults: false });
    expect([res.status, res.body.message]).toEqual([404, 'Project not found']);
    expect(await db.project.findUniqueOrThrow({ where: { id: a.project.id } })).toEqual(before);
  });
});
