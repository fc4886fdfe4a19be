// #45: a Sentry SDK given the native DSN (…/<project id>) instead of the Sentry SDK DSN (…/<project number>).
// The real @sentry/node shows what reaches us: nothing when the id starts with a letter (the SDK turns itself off),
// a request to /api/<the id's leading digits>/envelope/ when it starts with digits. That request, and sentry-ruby's
// /api/<id>/envelope/, are answered 401 naming the Sentry SDK DSN and counted on the Stats page.
import crypto from 'node:crypto';
import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { keysChanged } from '@/lib/key-changes';
import { newPublicKey } from '@/lib/projects/projects';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

let server: Awaited<ReturnType<typeof startSentryServer>>;
let orgId: string;
let client: Awaited<ReturnType<typeof signUp>>['client'];

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp({ name: 'Native DSN' });
  orgId = s.orgId;
  client = s.client;
  await setPlan(orgId, 'PRO');
});

afterAll(async () => {
  await Sentry.close(2000);
  await server.close();
});

/** A project whose id starts with `prefix` (ids are random UUIDs: this picks which kind a test gets). */
async function projectWithIdStarting(prefix: string) {
  const id = prefix + crypto.randomUUID().slice(prefix.length);
  const publicKey = newPublicKey();
  const project = await db.project.create({
    data: {
      id,
      orgId,
      name: `Native ${id}`,
      slug: `native-${id}`,
      platform: 'node',
      keys: { create: { label: 'Default', publicKey } },
    },
  });
  const native = `http://${publicKey}@localhost:3000/${id}`;
  const sentry = `http://${publicKey}@localhost:3000/${project.number}`;
  return { id, number: project.number, publicKey, native, sentry };
}

/** Sends one error with the real @sentry/node and the given DSN (its host pointed at the loopback server). */
async function sendWithNode(dsn: string) {
  const before = server.received.length;
  Sentry.init({ dsn: server.dsn(dsn), defaultIntegrations: false });
  const enabled = Sentry.getClient()?.getDsn() !== undefined;
  Sentry.captureException(new Error('sent with the native DSN'));
  const flushed = await Sentry.flush(5000);
  await Sentry.close(2000);
  return { enabled, flushed, requests: server.received.slice(before) };
}

function post(path: string, publicKey: string) {
  const url = new URL(server.dsn(`http://x@localhost/1`));
  return fetch(`${url.protocol}//${url.host}${path}`, {
    method: 'POST',
    headers: { 'x-sentry-auth': `Sentry sentry_key=${publicKey}, sentry_version=7` },
    body: [JSON.stringify({}), JSON.stringify({ type: 'event' }), JSON.stringify({ message: 'hello' })].join('\n'),
  });
}

async function nativeDsnOutcomes(projectId: string) {
  await flushOutcomes();
  const rows = await db.outcome.findMany({ where: { projectId, reason: 'native DSN in a Sentry SDK' } });
  return rows.reduce((sum, r) => sum + Number(r.quantity), 0);
}

describe('@sentry/node given the native DSN', () => {
  it('an id starting with a letter: the SDK turns itself off and sends nothing (nothing can reach us)', async () => {
    const p = await projectWithIdStarting('ab');
    const sent = await sendWithNode(p.native);
    expect(sent).toEqual({ enabled: false, flushed: true, requests: [] });
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(0);
  });

  it('an id starting with digits: it posts to /api/<those digits>/envelope/, answered 401 naming the Sentry SDK DSN', async () => {
    const p = await projectWithIdStarting('8675309a');
    const sent = await sendWithNode(p.native);
    expect(sent.enabled).toBe(true);
    expect(sent.requests.map((r) => [r.path, r.status])).toEqual([['/api/8675309/envelope/', 401]]);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(0);
    expect(await nativeDsnOutcomes(p.id)).toBe(1);

    // The answer the SDK got (it shows only the status): the same request, read here.
    const res = await post(`/api/8675309/envelope/?sentry_key=${p.publicKey}`, p.publicKey);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      statusCode: 401,
      status: 'failed',
      message: `Wrong DSN for a Sentry SDK: the DSN ending in the project id is the native protocol DSN. Use the project's Sentry SDK DSN: ${p.sentry}`,
    });

    // The DSN it names is the key's Sentry SDK DSN as the API lists it, and it works.
    const listed = (await client.get(`/api/v1/projects/${p.id}/keys`)).body.data;
    expect(listed.map((k: { sentryDsn: string }) => k.sentryDsn)).toEqual([p.sentry]);
    const fixed = await sendWithNode(p.sentry);
    expect(fixed.requests.map((r) => [r.path, r.status])).toEqual([[`/api/${p.number}/envelope/`, 200]]);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(1);
  });
});

describe('other clients and other refusals', () => {
  it('sentry-ruby keeps the whole id (/api/<id>/envelope/): the same 401 naming the Sentry SDK DSN', async () => {
    const p = await projectWithIdStarting('7');
    const res = await post(`/api/${p.id}/envelope/`, p.publicKey);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe(
      `Wrong DSN for a Sentry SDK: the DSN ending in the project id is the native protocol DSN. Use the project's Sentry SDK DSN: ${p.sentry}`,
    );
    expect(await nativeDsnOutcomes(p.id)).toBe(1);
  });

  it('a disabled key, another project’s number or another prefix keep the plain 401 and name no DSN', async () => {
    const plain = { statusCode: 401, status: 'failed', message: 'Invalid ingest key for this project' };
    const p = await projectWithIdStarting('5551212b');
    const other = await createProject((await signUp({ name: 'Other org' })).client, 'Other');
    for (const path of [
      `/api/${other.number}/envelope/`, // a real project's number, not this key's
      '/api/555/envelope/', // a shorter prefix than the SDK derives
      '/api/0/envelope/',
      `/api/${p.id.slice(0, 8)}/envelope/`,
    ]) {
      const res = await post(path, p.publicKey);
      expect([res.status, await res.json()], path).toEqual([401, plain]);
    }
    await db.projectKey.update({ where: { publicKey: p.publicKey }, data: { enabled: false } });
    // As the keys API does: the key cache forgets the key at once.
    keysChanged([p.publicKey]);
    const disabled = await post('/api/5551212/envelope/', p.publicKey);
    expect([disabled.status, await disabled.json()]).toEqual([401, plain]);
    expect(await nativeDsnOutcomes(p.id)).toBe(0);
  });
});
