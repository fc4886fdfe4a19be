// Integrations' guard rails (#64): only OWNER and ADMIN manage them (403 naming the role), another organization's
// integration, project, issue or link is 404 and nothing changes (its webhooks reach none of our issues), no answer
// ever holds a secret, rotation replaces and reseals them (audited), and without INTEGRATIONS_ENCRYPTION_KEY the
// connect endpoint and the webhooks answer a clear 503.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { resealIntegrations } from '@/lib/integrations/reseal';
import { TestClient, type ApiResponse } from '../support/client';
import { signUp } from '../support/accounts';
import { inviteAndJoin } from '../support/teams';
import { postWebhook, projectWithIssue, put, TEST_KEY } from '../support/integrations';

const SECRETS = { token: 'ghp_SECRET_token_value_1', webhookSecret: 'whsec_SECRET_value_2' };
const CONNECT = {
  provider: 'github',
  name: 'GitHub',
  config: { baseUrl: 'https://ghe.example.com' },
  secrets: SECRETS,
};

afterEach(() => {
  process.env.INTEGRATIONS_ENCRYPTION_KEY = TEST_KEY;
  delete process.env.INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS;
});

async function ownerWithIntegration(name: string) {
  const owner = await signUp({ name });
  const { project, issue } = await projectWithIssue(owner.client);
  const res = await owner.client.post('/api/v1/organization/integrations', CONNECT);
  expect(res.status, res.text).toBe(201);
  return { owner, project, issue, integration: res.body.data as { id: string } };
}

describe('integrations', () => {
  it('are managed by OWNER and ADMIN only: a MEMBER gets 403 naming the role, and can read the list', async () => {
    const { owner, project, integration } = await ownerWithIntegration('Roles owner');
    const member = (await inviteAndJoin(owner.client, 'MEMBER')).client;
    const admin = (await inviteAndJoin(owner.client, 'ADMIN')).client;
    const i = `/api/v1/organization/integrations/${integration.id}`;
    const writes: [string, (c: TestClient) => Promise<ApiResponse>][] = [
      ['connect', (c) => c.post('/api/v1/organization/integrations', { ...CONNECT, name: `x${crypto.randomUUID()}` })],
      ['rename', (c) => c.patch(i, { name: 'Renamed' })],
      ['rotate', (c) => c.post(`${i}/rotate`, { secrets: {} })],
      ['configure a project', (c) => put(c, `${i}/projects/${project.id}`, { config: { repository: 'a/b' } })],
      ['read the delivery log', (c) => c.get(`${i}/deliveries`)],
      [
        'add a code mapping',
        (c) =>
          c.post(`/api/v1/projects/${project.id}/code-mappings`, { integrationId: integration.id, repository: 'a/b' }),
      ],
    ];
    for (const [label, call] of writes) {
      const res = await call(member);
      expect([label, res.status, res.body.message]).toEqual([label, 403, 'This action requires the ADMIN role']);
    }
    expect((await member.delete(i)).status).toBe(403);
    expect((await member.get('/api/v1/organization/integrations')).body.data).toHaveLength(1);
    for (const [label, call] of writes)
      expect([label, (await call(admin)).status]).toEqual([
        label,
        label === 'connect' || label === 'add a code mapping' ? 201 : 200,
      ]);
    expect((await admin.delete(i)).status).toBe(200);
  });

  it('another organization reaches none of ours (404) and its webhooks touch none of our issues', async () => {
    const ours = await ownerWithIntegration('Our org');
    await put(
      ours.owner.client,
      `/api/v1/organization/integrations/${ours.integration.id}/projects/${ours.project.id}`,
      {
        config: { repository: 'acme/shop' },
      },
    );
    const link = await db.externalIssue.create({
      data: {
        integrationId: ours.integration.id,
        issueId: ours.issue.id,
        status: 'linked',
        externalId: '555',
        key: 'acme/shop#1',
        state: 'open',
      },
    });
    const [event] = (await ours.owner.client.get(`/api/v1/projects/${ours.project.id}/issues/${ours.issue.id}/events`))
      .body.data.events;
    const theirs = await ownerWithIntegration('Their org');
    const s = theirs.owner.client;
    const i = `/api/v1/organization/integrations/${ours.integration.id}`;
    const p = `/api/v1/projects/${ours.project.id}`;
    const attempts: [string, () => Promise<ApiResponse>][] = [
      ['read', () => s.get(i)],
      ['rename', () => s.patch(i, { name: 'Mine now' })],
      ['rotate', () => s.post(`${i}/rotate`, { secrets: { token: 'stolen' } })],
      [
        'configure their project',
        () => put(s, `${i}/projects/${theirs.project.id}`, { config: { repository: 'x/y' } }),
      ],
      [
        'configure our project in their integration',
        () =>
          put(s, `/api/v1/organization/integrations/${theirs.integration.id}/projects/${ours.project.id}`, {
            config: { repository: 'x/y' },
          }),
      ],
      ['remove our project settings', () => s.delete(`${i}/projects/${ours.project.id}`)],
      ['the delivery log', () => s.get(`${i}/deliveries`)],
      ['disconnect', () => s.delete(i)],
      ['our project trackers', () => s.get(`${p}/integrations`)],
      ['our code mappings', () => s.get(`${p}/code-mappings`)],
      ['our linked tickets', () => s.get(`${p}/issues/${ours.issue.id}/external-issues`)],
      [
        'a ticket for our issue',
        () =>
          s.post(`${p}/issues/${ours.issue.id}/external-issues`, {
            action: 'create',
            integrationId: ours.integration.id,
          }),
      ],
      ['source links of our event', () => s.get(`${p}/issues/${ours.issue.id}/events/${event.id}/source-links`)],
      ['unlink our ticket', () => s.delete(`${p}/issues/${ours.issue.id}/external-issues/${link.id}`)],
      [
        'their issue, our integration',
        () =>
          s.post(`/api/v1/projects/${theirs.project.id}/issues/${theirs.issue.id}/external-issues`, {
            action: 'link',
            integrationId: ours.integration.id,
            reference: 'acme/shop#1',
          }),
      ],
    ];
    for (const [label, attempt] of attempts) expect([label, (await attempt()).status]).toEqual([label, 404]);
    // Their repository integration in a code mapping of their project: refused as unknown.
    const mapping = await s.post(`/api/v1/projects/${theirs.project.id}/code-mappings`, {
      integrationId: ours.integration.id,
      repository: 'a/b',
    });
    expect([mapping.status, mapping.body.error]).toEqual([
      400,
      [{ path: ['integrationId'], message: 'Integration not found in this organization' }],
    ]);

    // Their webhook, rightly signed with their secret, names our ticket: 404, our issue and link as they were.
    const body = JSON.stringify({ action: 'closed', issue: { id: 555, number: 1 } });
    const headers = {
      'x-github-event': 'issues',
      'x-github-delivery': crypto.randomUUID(),
      'x-hub-signature-256': `sha256=${crypto.createHmac('sha256', SECRETS.webhookSecret).update(body).digest('hex')}`,
    };
    const res = await postWebhook(new TestClient(), { integrationId: theirs.integration.id, body, headers });
    expect([res.status, res.body.message]).toEqual([404, 'No issue is linked to this ticket']);
    expect((await db.issue.findUniqueOrThrow({ where: { id: ours.issue.id } })).status).toBe('UNRESOLVED');
    expect((await db.externalIssue.findUniqueOrThrow({ where: { id: link.id } })).state).toBe('open');
    const row = await db.integration.findUniqueOrThrow({
      where: { id: ours.integration.id },
      include: { projects: true },
    });
    expect([row.name, row.projects.map((x) => x.config)]).toEqual(['GitHub', [{ repository: 'acme/shop' }]]);
  });

  it('never answer a secret: not on connect, list, read, rename, rotate or project settings, nor in the audit log; stored sealed', async () => {
    const { owner, project, integration } = await ownerWithIntegration('Secrets owner');
    const i = `/api/v1/organization/integrations/${integration.id}`;
    const answers = [
      await owner.client.get('/api/v1/organization/integrations'),
      await owner.client.get(i),
      await owner.client.patch(i, { name: 'Renamed' }),
      await put(owner.client, `${i}/projects/${project.id}`, { config: { repository: 'a/b' } }),
      await owner.client.post(`${i}/rotate`, { secrets: { token: 'ghp_SECRET_rotated_3' } }),
      await owner.client.get(`/api/v1/projects/${project.id}/integrations`),
      await owner.client.get('/api/v1/organization/audit-log', { query: { action: 'integration' } }),
    ];
    const text = answers.map((a) => a.text).join('\n');
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    for (const secret of [...Object.values(SECRETS), 'ghp_SECRET_rotated_3', TEST_KEY])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/SECRET/);
    const stored = await db.integration.findUniqueOrThrow({ where: { id: integration.id } });
    expect(stored.secrets).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.secrets).not.toMatch(/SECRET/);
    const audit = answers[6].body.data.entries.map((e: any) => [e.action, e.changes?.secrets]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ['integration.connected', ['token', 'webhookSecret']],
        ['integration.secrets_rotated', ['token']],
      ]),
    );
  });

  it('rotate reseals under a new key: the old key listed as previous still opens, and the reseal job moves the rest', async () => {
    const { owner, integration } = await ownerWithIntegration('Rotation owner');
    const second = await owner.client.post('/api/v1/organization/integrations', { ...CONNECT, name: 'GitHub 2' });
    const i = `/api/v1/organization/integrations/${integration.id}`;
    const oldKeyId = (await db.integration.findUniqueOrThrow({ where: { id: integration.id } })).keyId;
    process.env.INTEGRATIONS_ENCRYPTION_KEY = crypto.randomBytes(32).toString('hex');
    process.env.INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS = TEST_KEY;
    expect((await owner.client.get(i)).body.data.sealedWithCurrentKey).toBe(false);
    const rotated = await owner.client.post(`${i}/rotate`, { secrets: {} });
    expect([rotated.status, rotated.body.data.sealedWithCurrentKey]).toEqual([200, true]);
    const moved = await db.integration.findUniqueOrThrow({ where: { id: integration.id } });
    expect(moved.keyId).not.toBe(oldKeyId);
    await resealIntegrations();
    expect((await db.integration.findUniqueOrThrow({ where: { id: second.body.data.id } })).keyId).toBe(moved.keyId);
    // Without the previous key nothing sealed with it would open; everything now opens with the new key alone.
    delete process.env.INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS;
    const renamed = await owner.client.patch(i, { config: { baseUrl: 'https://ghe2.example.com' } });
    expect(renamed.status, renamed.text).toBe(200);
  });

  it('without INTEGRATIONS_ENCRYPTION_KEY: connecting and rotating answer 503 saying so, webhooks 503, nothing stored', async () => {
    const { owner, integration } = await ownerWithIntegration('Keyless owner');
    delete process.env.INTEGRATIONS_ENCRYPTION_KEY;
    const message =
      'Integrations are not configured: set INTEGRATIONS_ENCRYPTION_KEY (32 random bytes, base64 or hex) to connect one';
    const connect = await owner.client.post('/api/v1/organization/integrations', { ...CONNECT, name: 'Another' });
    expect([connect.status, connect.body.message]).toEqual([503, message]);
    const rotate = await owner.client.post(`/api/v1/organization/integrations/${integration.id}/rotate`, {
      secrets: {},
    });
    expect([rotate.status, rotate.body.message]).toEqual([503, message]);
    const hook = await postWebhook(new TestClient(), {
      integrationId: integration.id,
      body: '{}',
      headers: { 'x-github-event': 'ping' },
    });
    expect([hook.status, hook.body.message]).toEqual([503, message]);
    expect(await db.integration.count({ where: { orgId: owner.orgId } })).toBe(1);
    process.env.INTEGRATIONS_ENCRYPTION_KEY = 'too-short';
    const bad = await owner.client.post('/api/v1/organization/integrations', { ...CONNECT, name: 'Another' });
    expect([bad.status, bad.body.message]).toEqual([
      503,
      'Integrations are not configured: INTEGRATIONS_ENCRYPTION_KEY is not 32 bytes written as base64 or 64 hex digits',
    ]);
  });

  it('refuse a bad connect with the field that is wrong', async () => {
    const owner = await signUp({ name: 'Validation owner' });
    const cases: [unknown, (string | number)[], string][] = [
      [{ provider: 'bitbucket' }, ['provider'], 'Unknown provider bitbucket'],
      [{ provider: 'github', secrets: { token: 't' } }, ['secrets', 'webhookSecret'], 'Give the webhook secret'],
      [
        { provider: 'github', config: { baseUrl: 'ftp://x' }, secrets: SECRETS },
        ['config', 'baseUrl'],
        'Must be an http(s) address without query or credentials',
      ],
      [
        {
          provider: 'github',
          config: { auth: 'app', appId: '1', installationId: '2' },
          secrets: { webhookSecret: 'w' },
        },
        ['secrets', 'privateKey'],
        "Paste the App's private key",
      ],
      [
        {
          provider: 'jira',
          config: { baseUrl: 'https://x.atlassian.net' },
          secrets: { apiToken: 't', webhookSecret: 'w' },
        },
        ['config', 'email'],
        'Give the email of the Atlassian account the API token belongs to',
      ],
      [
        { provider: 'gitlab', config: {}, secrets: { webhookSecret: 'w' } },
        ['secrets', 'token'],
        'Give the access token',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.client.post('/api/v1/organization/integrations', body);
      expect([res.status, res.body.error?.[0]]).toEqual([400, { path, message }]);
    }
    expect(await db.integration.count({ where: { orgId: owner.orgId } })).toBe(0);
  });
});
