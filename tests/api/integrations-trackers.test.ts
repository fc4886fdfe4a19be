// GitLab, Jira (Cloud and Data Center) and Linear end to end through the API (#64), each through its official
// client (@gitbeaker/rest, jira.js, @linear/sdk) against its API on loopback: a ticket created from an issue in the
// provider's format, resolving the issue closes it there (GitLab's state_event, Jira's done transition, Linear's
// completed state), and the provider's webhook closing it resolves the issue here.
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client';
import { signUp } from '../support/accounts';
import { fakeGitlab, gitlabIssueWebhook } from '../support/fake-trackers/gitlab';
import { fakeJira, jiraIssueWebhook } from '../support/fake-trackers/jira';
import { fakeLinear, linearIssueWebhook } from '../support/fake-trackers/linear';
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
const SECRET = 'whsec-tracker-0123456789';
const gitlab = await fakeGitlab({ token: 'glpat-test' });
const jiraCloud = await fakeJira({ email: 'bot@example.com', token: 'atlassian-api-token', version: '3' });
const jiraDc = await fakeJira({ token: 'dc-personal-token', version: '2' });
const linear = await fakeLinear({ apiKey: 'lin_api_test' });
afterAll(() => Promise.all([gitlab, jiraCloud, jiraDc, linear].map((f) => f.close())));

type Case = {
  name: string;
  provider: string;
  config: Record<string, unknown>;
  secrets: Record<string, unknown>;
  project: Record<string, unknown>;
  key: string;
  closedThere: () => boolean;
  created: () => { title: string; text: string };
  closeHook: () => { body: string; headers: Record<string, string>; token?: string };
  problems: () => string[];
};

const cases: Case[] = [
  {
    name: 'GitLab (self-managed, by base URL)',
    provider: 'gitlab',
    config: { baseUrl: gitlab.url },
    secrets: { token: 'glpat-test', webhookSecret: SECRET },
    project: { project: 'acme/shop' },
    key: 'acme/shop#1',
    closedThere: () => gitlab.issues[0]?.state === 'closed',
    created: () => ({ title: gitlab.issues[0].title, text: gitlab.issues[0].description }),
    closeHook: () => gitlabIssueWebhook({ token: SECRET, action: 'close', issue: gitlab.issues[0] }),
    problems: () => gitlab.problems,
  },
  {
    name: 'Jira Cloud (REST API 3, Atlassian Document Format)',
    provider: 'jira',
    config: { baseUrl: jiraCloud.url, deployment: 'cloud', email: 'bot@example.com' },
    secrets: { apiToken: 'atlassian-api-token', webhookSecret: SECRET },
    project: { projectKey: 'OPS' },
    key: 'OPS-1',
    closedThere: () => jiraCloud.issues[0]?.status === 'done',
    created: () => ({ title: jiraCloud.issues[0].summary, text: JSON.stringify(jiraCloud.issues[0].description) }),
    closeHook: () => jiraIssueWebhook({ secret: SECRET, issue: jiraCloud.issues[0], status: 'done' }),
    problems: () => jiraCloud.problems,
  },
  {
    name: 'Jira Data Center (REST API 2, wiki markup, the secret in the webhook URL)',
    provider: 'jira',
    config: { baseUrl: jiraDc.url, deployment: 'datacenter' },
    secrets: { apiToken: 'dc-personal-token', webhookSecret: SECRET },
    project: { projectKey: 'OPS', issueType: 'Task' },
    key: 'OPS-1',
    closedThere: () => jiraDc.issues[0]?.status === 'done',
    created: () => ({ title: jiraDc.issues[0].summary, text: String(jiraDc.issues[0].description) }),
    closeHook: () => ({
      ...jiraIssueWebhook({ secret: SECRET, issue: jiraDc.issues[0], status: 'done', signed: false }),
      token: SECRET,
    }),
    problems: () => jiraDc.problems,
  },
  {
    name: 'Linear (team by key)',
    provider: 'linear',
    config: { baseUrl: `${linear.localhostUrl}/graphql` },
    secrets: { apiKey: 'lin_api_test', webhookSecret: SECRET },
    project: { team: 'ENG' },
    key: 'ENG-1',
    closedThere: () => linear.issues[0]?.stateId === 'st-done',
    created: () => ({ title: linear.issues[0].title, text: linear.issues[0].description }),
    closeHook: () => linearIssueWebhook({ secret: SECRET, issue: linear.issues[0], stateType: 'completed' }),
    problems: () => linear.problems,
  },
];

describe.each(cases)('$name', (c) => {
  it('creates the ticket, closes it when the issue is resolved, and its webhook resolves the issue', async () => {
    const owner = await signUp({ name: `${c.provider} owner` });
    const { project, issue } = await projectWithIssue(owner.client);
    const connected = await owner.client.post('/api/v1/organization/integrations', {
      provider: c.provider,
      config: c.config,
      secrets: c.secrets,
    });
    expect(connected.status, connected.text).toBe(201);
    const id = connected.body.data.id;
    const configured = await put(owner.client, `/api/v1/organization/integrations/${id}/projects/${project.id}`, {
      config: c.project,
    });
    expect(configured.status, configured.text).toBe(200);
    const requested = await owner.client.post(`/api/v1/projects/${project.id}/issues/${issue.id}/external-issues`, {
      action: 'create',
      integrationId: id,
    });
    expect(requested.status, requested.text).toBe(202);
    const link = await settledLink(owner.client, { projectId: project.id, issueId: issue.id, integrationId: id });
    expect(link, JSON.stringify(link)).toMatchObject({ status: 'linked', key: c.key, state: 'open' });
    const created = c.created();
    expect(created.title).toBe(issue.title);
    expect(created.text).toContain(`/projects/${project.id}/issues/${issue.id}`);
    expect(created.text).toContain('total (webpack:///./src/cart/total.js:42)');

    await owner.client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, { status: 'RESOLVED' });
    await waitUntil(c.closedThere, 20_000);
    await integrationJobsSettled(issue.id);
    expect(c.problems()).toEqual([]);

    // Unresolved here by hand (the ticket stays closed), then the provider says it is closed: resolved again.
    await owner.client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, { status: 'UNRESOLVED' });
    const hook = c.closeHook();
    const res = await postWebhook(new TestClient(), { integrationId: id, ...hook });
    expect([res.status, res.body.message]).toEqual([200, 'Issue resolved']);
    expect((await owner.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).body.data.status).toBe(
      'RESOLVED',
    );
    const log = await owner.client.get(`/api/v1/organization/integrations/${id}/deliveries`);
    expect(log.body.data.deliveries.map((d: any) => [d.action, d.success])).toEqual([
      ['close_ticket', true],
      ['create_ticket', true],
    ]);
  }, 90_000);
});
