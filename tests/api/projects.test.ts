import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { onKeysChanged } from '@/lib/key-changes';
import { errorEnvelope, send } from './ingest-helpers';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('projects', () => {
  it('creates a project with one Default key and a DSN, lists and gets it', async () => {
    const { client, orgId } = await signUp();
    const res = await client.post('/api/v1/projects', { name: 'My Web App!' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 201, status: 'success', message: 'Project created' });
    const p = res.body.data;
    expect(p).toMatchObject({ orgId, name: 'My Web App!', slug: 'my-web-app', platform: 'javascript' });
    expect(p.createdAt).toMatch(ISO);
    expect(p.updatedAt).toMatch(ISO);
    expect(p.keys).toHaveLength(1);
    const key = p.keys[0];
    expect(key).toMatchObject({ projectId: p.id, label: 'Default', enabled: true });
    expect(key.publicKey).toMatch(/^[0-9a-f]{32}$/);
    expect(key.dsn).toBe(`http://${key.publicKey}@localhost:3000/${p.id}`);
    expect(key.createdAt).toMatch(ISO);

    const list = await client.get('/api/v1/projects');
    expect(list.status).toBe(200);
    expect(list.body.message).toBe('Projects fetched');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].keys[0].publicKey).toBe(key.publicKey);

    const one = await client.get(`/api/v1/projects/${p.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ message: 'Success', data: { id: p.id, keys: [{ id: key.id }] } });
  });

  it('accepts a platform, and refuses a second project on FREE with 400', async () => {
    const { client } = await signUp();
    const first = await client.post('/api/v1/projects', { name: 'API', platform: 'node' });
    expect(first.body.data.platform).toBe('node');
    const second = await client.post('/api/v1/projects', { name: 'Other' });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Project limit reached for the FREE plan',
    });
  });

  it.each([['go'], ['ruby'], ['cocoa'], ['react-native'], ['dotnet-aspnetcore']])(
    'a %s project (#28: every Sentry platform) can be made and renamed keeping it',
    async (platform) => {
      const { client } = await signUp();
      const made = await client.post('/api/v1/projects', { name: `My ${platform}`, platform });
      expect([made.status, made.body.data.platform]).toEqual([201, platform]);
      const renamed = await client.patch(`/api/v1/projects/${made.body.data.id}`, { name: 'Renamed' });
      expect(renamed.body.data.platform).toBe(platform);
    },
  );

  it('FREE limit holds under concurrent creates', async () => {
    const { client } = await signUp();
    const results = await Promise.all([1, 2, 3, 4].map((i) => client.post('/api/v1/projects', { name: `P${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
  });

  it('on PRO: unlimited projects, slugs unique with -2, -3 suffixes', async () => {
    const { client, orgId } = await signUp();
    await setPlan(orgId, 'PRO');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await createProject(client, 'Shop')).slug);
    expect(slugs).toEqual(['shop', 'shop-2', 'shop-3']);
  });

  const bad: [string, unknown, (string | number)[]][] = [
    ['missing name', {}, ['name']],
    ['empty name', { name: '   ' }, ['name']],
    ['name over 100 characters', { name: 'n'.repeat(101) }, ['name']],
    ['name not a string', { name: 42 }, ['name']],
    ['unknown platform', { name: 'x', platform: 'cobol' }, ['platform']],
  ];
  it.each(bad)('POST 400 for %s', async (_l, body, p) => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/projects', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(p);
  });

  it('rename keeps the slug and changes updatedAt', async () => {
    const { client } = await signUp();
    const p = await createProject(client, 'Before');
    await new Promise((r) => setTimeout(r, 5));
    const res = await client.patch(`/api/v1/projects/${p.id}`, { name: 'After' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Project updated',
      data: { id: p.id, name: 'After', slug: 'before', platform: 'javascript' },
    });
    expect(res.body.data.updatedAt).not.toBe(p.updatedAt);
    const invalid = await client.patch(`/api/v1/projects/${p.id}`, {});
    expect(invalid.status).toBe(400);
    expect(invalid.body.error[0].path).toEqual(['name']);
  });

  it('delete cascades to keys, issues, events, rules and transactions', async () => {
    const { client } = await signUp();
    const p = await createProject(client);
    const issue = await db.issue.create({
      data: {
        projectId: p.id,
        fingerprint: 'f',
        title: 'E: x',
        firstSeen: new Date(),
        lastSeen: new Date(),
        eventCount: 1,
      },
    });
    await db.event.create({
      data: { issueId: issue.id, projectId: p.id, level: 'ERROR', message: 'x', timestamp: new Date() },
    });
    await db.alertRule.create({
      data: { projectId: p.id, name: 'r', notifyEmail: 'a@example.com', webhookSecret: 's' },
    });
    await db.transaction.create({ data: { projectId: p.id, name: '/', duration: 1, timestamp: new Date() } });
    const seen: string[][] = [];
    const off = onKeysChanged((k) => seen.push(k));
    const res = await client.delete(`/api/v1/projects/${p.id}`);
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, status: 'success', message: 'Project deleted' });
    expect(seen).toEqual([[p.keys[0].publicKey]]);
    const where = { projectId: p.id };
    expect(await db.projectKey.count({ where })).toBe(0);
    expect(await db.issue.count({ where })).toBe(0);
    expect(await db.event.count({ where })).toBe(0);
    expect(await db.alertRule.count({ where })).toBe(0);
    expect(await db.transaction.count({ where })).toBe(0);
    expect((await client.get(`/api/v1/projects/${p.id}`)).status).toBe(404);
  });
});

describe('keys', () => {
  it('creates, renames, disables and deletes keys', async () => {
    const { client } = await signUp();
    const p = await createProject(client);
    const created = await client.post(`/api/v1/projects/${p.id}/keys`, { label: 'Backend' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Key created',
      data: { label: 'Backend', enabled: true, projectId: p.id },
    });
    const keyId = created.body.data.id;
    const list = await client.get(`/api/v1/projects/${p.id}/keys`);
    expect(list.body.data.map((k: { label: string }) => k.label)).toEqual(['Default', 'Backend']);
    const renamed = await client.patch(`/api/v1/projects/${p.id}/keys/${keyId}`, { label: 'Server' });
    expect(renamed.body).toMatchObject({ message: 'Key updated', data: { label: 'Server', enabled: true } });
    const seen: string[][] = [];
    const off = onKeysChanged((k) => seen.push(k));
    const disabled = await client.patch(`/api/v1/projects/${p.id}/keys/${keyId}`, { enabled: false });
    expect(disabled.body.data.enabled).toBe(false);
    const del = await client.delete(`/api/v1/projects/${p.id}/keys/${keyId}`);
    off();
    expect(del.body).toEqual({ statusCode: 200, status: 'success', message: 'Key deleted' });
    expect(seen).toEqual([[created.body.data.publicKey], [created.body.data.publicKey]]);
    expect(await db.projectKey.count({ where: { id: keyId } })).toBe(0);
  });

  it('a disabled key is refused at ingest at once, and works again at once when re-enabled', async () => {
    const { client } = await signUp();
    const p = await createProject(client);
    const key = p.keys[0];
    expect((await send({ client, projectId: p.id, key: key.publicKey, body: errorEnvelope() })).status).toBe(200);
    await client.patch(`/api/v1/projects/${p.id}/keys/${key.id}`, { enabled: false });
    expect((await send({ client, projectId: p.id, key: key.publicKey, body: errorEnvelope() })).status).toBe(401);
    await client.patch(`/api/v1/projects/${p.id}/keys/${key.id}`, { enabled: true });
    expect((await send({ client, projectId: p.id, key: key.publicKey, body: errorEnvelope() })).status).toBe(200);
  });

  const bad: [string, unknown, (string | number)[]][] = [
    ['empty label', { label: '' }, ['label']],
    ['label not a string', { label: 3 }, ['label']],
  ];
  it.each(bad)('POST key 400 for %s', async (_l, body, path) => {
    const { client } = await signUp();
    const p = await createProject(client);
    const res = await client.post(`/api/v1/projects/${p.id}/keys`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(path);
  });

  it('PATCH key with nothing to change is 400', async () => {
    const { client } = await signUp();
    const p = await createProject(client);
    const res = await client.patch(`/api/v1/projects/${p.id}/keys/${p.keys[0].id}`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation error');
  });
});

describe('cross-tenant: every project and key route answers 404 and changes nothing', () => {
  it('another organization cannot read, rename, delete or touch keys', async () => {
    const owner = await signUp();
    const p = await createProject(owner.client, 'Private');
    const other = await signUp();
    const keyId = p.keys[0].id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/projects/${p.id}`],
      ['PATCH', `/api/v1/projects/${p.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/v1/projects/${p.id}`],
      ['GET', `/api/v1/projects/${p.id}/keys`],
      ['POST', `/api/v1/projects/${p.id}/keys`, { label: 'mine' }],
      ['PATCH', `/api/v1/projects/${p.id}/keys/${keyId}`, { enabled: false }],
      ['DELETE', `/api/v1/projects/${p.id}/keys/${keyId}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await other.client.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.status).toBe('failed');
    }
    expect((await other.client.get('/api/v1/projects')).body.data).toEqual([]);
    const after = await db.project.findUniqueOrThrow({ where: { id: p.id }, include: { keys: true } });
    expect(after.name).toBe('Private');
    expect(after.keys).toHaveLength(1);
    expect(after.keys[0].enabled).toBe(true);
  });

  it('unknown ids are 404 and no session is 401', async () => {
    const { client } = await signUp();
    expect((await client.get('/api/v1/projects/does-not-exist')).status).toBe(404);
    const anon = await new TestClient().get('/api/v1/projects');
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('You need to be logged in!');
  });
});
