// GitHub end to end through the API (#64): connect (token, then a GitHub App), a repository per project, a ticket
// created from an issue by @octokit/rest against a GitHub Enterprise Server on loopback that checks every request
// against GitHub's OpenAPI description, resolving closes it, its signed webhook resolves and reopens the issue,
// and the delivery log says what was sent.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { signUp } from '../support/accounts';
import { setPlan } from '../support/fixtures';
import { fakeGithub, githubIssueWebhook } from '../support/fake-trackers/github';
import {
  integrationJobsSettled,
  postWebhook,
  projectWithIssue,
  put,
  settledLink,
  useIntegrationWorkers,
} from '../support/integrations';
import { waitUntil } from '../support/wait';

useIntegrationWorkers();
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const github = await fakeGithub({ token: 'ghp_test_token_1', app: { id: 4242, publicKey, installationId: 99 } });
afterAll(() => github.close());

const SECRET = 'whsec-github-0123456789';

async function connected(client: TestClient, config: Record<string, unknown>, secrets: Record<string, unknown>) {
  const res = await client.post('/api/v1/organization/integrations', {
    provider: 'github',
    name: `GitHub ${crypto.randomBytes(3).toString('hex')}`,
    config: { baseUrl: github.url, ...config },
    secrets: { webhookSecret: SECRET, ...secrets },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe('GitHub', () => {
  it('creates a ticket, closes it when the issue is resolved, and resolves and reopens the issue from its webhook', async () => {
    const owner = await signUp({ name: 'GitHub owner' });
    const { project, issue } = await projectWithIssue(owner.client);
    const integration = await connected(owner.client, { auth: 'token' }, { token: 'ghp_test_token_1' });
    expect(integration.webhookUrl).toBe(`http://localhost:3000/api/webhooks/integrations/${integration.id}`);
    const configured = await put(
      owner.client,
      `/api/v1/organization/integrations/${integration.id}/projects/${project.id}`,
      {
        config: { repository: 'acme/shop' },
      },
    );
    expect(configured.status, configured.text).toBe(200);
    expect(configured.body.data.projects).toEqual([
      { projectId: project.id, projectName: project.name, config: { repository: 'acme/shop' }, target: 'acme/shop' },
    ]);

    const trackers = await owner.client.get(`/api/v1/projects/${project.id}/integrations`);
    expect(trackers.body.data).toEqual([
      { id: integration.id, name: integration.name, provider: 'github', providerName: 'GitHub', target: 'acme/shop' },
    ]);
    const requested = await owner.client.post(`/api/v1/projects/${project.id}/issues/${issue.id}/external-issues`, {
      action: 'create',
      integrationId: integration.id,
    });
    expect(requested.status, requested.text).toBe(202);
    expect(requested.body.data).toMatchObject({ status: 'pending', provider: 'github', key: null });
    const link = await settledLink(owner.client, {
      projectId: project.id,
      issueId: issue.id,
      integrationId: integration.id,
    });
    expect(link).toMatchObject({
      status: 'linked',
      key: 'acme/shop#1',
      state: 'open',
      url: `${github.url}/acme/shop/issues/1`,
    });

    // What GitHub received: a valid request (no problem against the OpenAPI description), with the issue's text.
    expect(github.problems).toEqual([]);
    const created = github.calls.find((c) => c.method === 'POST' && c.path === '/api/v3/repos/acme/shop/issues')!;
    expect(created.headers.authorization).toBe('token ghp_test_token_1');
    expect(created.body.title).toBe(issue.title);
    expect(created.body.body).toContain(`http://localhost:3000/projects/${project.id}/issues/${issue.id}`);
    expect(created.body.body).toContain('total (webpack:///./src/cart/total.js:42)');
    expect(created.body.body).toContain('submit (webpack:///./src/pages/checkout.js:7)');
    expect(created.body.body).not.toContain('react-dom');
    expect(created.body.body).toMatch(/\| Events \| 1 \|/);

    // Resolving here closes the ticket there.
    expect(
      (await owner.client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, { status: 'RESOLVED' })).status,
    ).toBe(200);
    await waitUntil(() => github.issues[0].state === 'closed', 20_000);
    const close = github.calls.find((c) => c.method === 'PATCH')!;
    expect(close.body).toEqual({ state: 'closed', state_reason: 'completed' });
    await integrationJobsSettled(issue.id);

    // Reopened there: the issue comes back here; closed there: resolved here, by nobody in particular.
    const hook = (action: string) => githubIssueWebhook({ secret: SECRET, action, issue: github.issues[0] });
    const reopened = await postWebhook(new TestClient(), { integrationId: integration.id, ...hook('reopened') });
    expect([reopened.status, reopened.body.message]).toEqual([200, 'Issue reopened']);
    expect((await owner.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).body.data.status).toBe(
      'UNRESOLVED',
    );
    const closed = await postWebhook(new TestClient(), { integrationId: integration.id, ...hook('closed') });
    expect([closed.status, closed.body.message]).toEqual([200, 'Issue resolved']);
    expect((await owner.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).body.data.status).toBe(
      'RESOLVED',
    );
    await integrationJobsSettled(issue.id);
    // The resolve the webhook caused sent GitHub nothing (the ticket was already closed there).
    expect(github.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    const log = await owner.client.get(`/api/v1/organization/integrations/${integration.id}/deliveries`);
    expect(
      log.body.data.deliveries.map((d: any) => [d.action, d.responseStatus, d.success, d.attempt, d.target]),
    ).toEqual([
      ['close_ticket', 200, true, 0, 'acme/shop#1'],
      ['create_ticket', 201, true, 0, 'acme/shop'],
    ]);
    expect(log.body.data.deliveries[1].request[0]).toMatchObject({
      method: 'POST',
      path: '/api/v3/repos/acme/shop/issues',
    });
  }, 90_000);

  it('authenticates as a GitHub App installation, links an existing ticket, and retries a 502 into the log', async () => {
    const owner = await signUp({ name: 'GitHub App owner' });
    await setPlan(owner.orgId, 'PRO');
    const { project, issue } = await projectWithIssue(owner.client);
    const integration = await connected(
      owner.client,
      { auth: 'app', appId: '4242', installationId: '99' },
      { privateKey },
    );
    await put(owner.client, `/api/v1/organization/integrations/${integration.id}/projects/${project.id}`, {
      config: { repository: 'acme/app' },
    });
    // An existing ticket (made here directly on the fake), linked by its URL; the first try meets a 502.
    github.issues.push({ id: 9_000_001, number: 7, repo: 'acme/app', title: 'Known bug', body: '', state: 'open' });
    github.failures.push(502);
    const requested = await owner.client.post(`/api/v1/projects/${project.id}/issues/${issue.id}/external-issues`, {
      action: 'link',
      integrationId: integration.id,
      reference: `${github.url}/acme/app/issues/7`,
    });
    expect(requested.status, requested.text).toBe(202);
    const link = await settledLink(owner.client, {
      projectId: project.id,
      issueId: issue.id,
      integrationId: integration.id,
    });
    expect(link).toMatchObject({ status: 'linked', key: 'acme/app#7', title: 'Known bug', state: 'open' });
    const tokenCalls = github.calls.filter((c) => c.path === '/api/v3/app/installations/99/access_tokens');
    expect(tokenCalls.length).toBeGreaterThanOrEqual(1);
    const get = github.calls.filter((c) => c.method === 'GET' && c.path === '/api/v3/repos/acme/app/issues/7').at(-1)!;
    expect(get.headers.authorization).toMatch(/^token ghs_/);
    const log = await owner.client.get(`/api/v1/organization/integrations/${integration.id}/deliveries`);
    expect(log.body.data.deliveries.map((d: any) => [d.action, d.responseStatus, d.success, d.attempt])).toEqual([
      ['link_ticket', 200, true, 1],
      ['link_ticket', 502, false, 0],
    ]);
    expect(log.body.data.deliveries[1].error).toMatch(/^HTTP 502/);
    expect(github.problems).toEqual([]);

    // The same ticket for a second issue of this integration is refused when the worker sees it.
    const second = await projectWithIssue(owner.client, 'Second');
    await owner.client.post(`/api/v1/projects/${second.project.id}/issues/${second.issue.id}/external-issues`, {
      action: 'link',
      integrationId: integration.id,
      reference: 'acme/app#7',
    });
    const refused = await settledLink(owner.client, {
      projectId: second.project.id,
      issueId: second.issue.id,
      integrationId: integration.id,
    });
    expect(refused).toMatchObject({ status: 'failed', error: 'acme/app#7 is already linked to another issue' });
  }, 90_000);
});
