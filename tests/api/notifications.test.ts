// Notification settings (#49): each workflow event reaches the right people by email when their setting is on and
// not when it is off (read from the outbox), the project's notification webhooks get one message per event (a
// receiver on loopback), a project override beats the default, the actor hears nothing, a retried job sends nothing
// twice; bad inputs and other organizations get exact answers.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { stopJobs } from '@/lib/jobs/boss';
import { startAlertWorkers } from '../support/alert-workers';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { emitWorkflowEvents, type WorkflowEvent } from '@/lib/workflow/workflow-events';
import { notifyWorkflowEvent } from '@/lib/notifications/notify-workflow-event';
import { outboxFor, signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { inviteAndJoin, seedIssue } from '../support/teams';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { waitUntil } from '../support/wait';
import { workflowSettled } from '../support/workflow';
import { TestClient } from '../support/client';
import { errorEnvelope, send } from './ingest-helpers';

const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
  process.env.ALERT_RETRY_DELAYS_MS = '50,100,150';
  await startJob(QUEUES.workflow);
  await startAlertWorkers();
});
afterAll(async () => {
  await stopJobs();
  await Promise.all(receivers.map((r) => r.close()));
});
async function receiver(plan: number[] = []) {
  const r = await startWebhookReceiver(plan);
  receivers.push(r);
  return r;
}

/** An owner, a project with a team (two members), an issue. */
async function world() {
  const owner = await signUp({ name: 'Owner Olga' });
  const project = await createProject(owner.client, 'Checkout');
  const mo = await inviteAndJoin(owner.client, 'MEMBER', 'Member Mo');
  const pat = await inviteAndJoin(owner.client, 'MEMBER', 'Member Pat');
  const team = await db.team.create({
    data: {
      orgId: owner.orgId,
      name: 'Payments',
      slug: 'payments',
      members: { create: [{ userId: mo.userId }, { userId: pat.userId }] },
      projects: { create: [{ projectId: project.id }] },
    },
  });
  const issue = await seedIssue(project.id, 'TypeError: cart is undefined');
  const path = `/api/v1/projects/${project.id}/issues/${issue.id}`;
  const url = `${env.appUrl}/projects/${project.id}/issues/${issue.id}`;
  return { owner, ownerId: owner.user.id as string, project, mo, pat, team, issue, path, url };
}
type World = Awaited<ReturnType<typeof world>>;

const setting = (client: TestClient, settings: Record<string, unknown>[]) =>
  client.request('PATCH', '/api/v1/account/notifications', { body: { settings } });

async function turn(client: TestClient, event: string, enabled: boolean | null, projectId?: string) {
  const res = await setting(client, [{ event, channel: 'email', enabled, ...(projectId ? { projectId } : {}) }]);
  expect(res.status, res.text).toBe(200);
}

const resolve = (w: World, client: TestClient = w.owner.client) =>
  client.request('PATCH', w.path, { body: { status: 'RESOLVED' } });
const reopen = (w: World) => w.owner.client.request('PATCH', w.path, { body: { status: 'UNRESOLVED' } });
const comment = (w: World, client: TestClient, body: string) => client.post(`${w.path}/comments`, { body });

describe('workflow notifications by email', () => {
  it('ASSIGNED: the person assigned by someone else gets one email; off: none; assigning oneself: none', async () => {
    const w = await world();
    const assign = async (client: TestClient, assigneeId: string | null) => {
      const res = await client.request('PUT', `${w.path}/assignee`, { body: { assigneeId } });
      expect(res.status, res.text).toBe(200);
      await workflowSettled(w.issue.id);
    };
    await assign(w.owner.client, w.mo.userId);
    const mails = outboxFor(w.mo.email, 'issue-assigned');
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toEqual({
      assignerName: 'Owner Olga',
      issueTitle: 'TypeError: cart is undefined',
      projectName: 'Checkout',
      issueUrl: w.url,
    });
    expect(mails[0].subject).toBe('Assigned to you: TypeError: cart is undefined');

    await turn(w.mo.client, 'ASSIGNED', false);
    await assign(w.owner.client, null);
    await assign(w.owner.client, w.mo.userId);
    expect(outboxFor(w.mo.email, 'issue-assigned')).toHaveLength(1);

    await turn(w.mo.client, 'ASSIGNED', true);
    await assign(w.mo.client, null);
    await assign(w.mo.client, w.mo.userId);
    expect(outboxFor(w.mo.email, 'issue-assigned')).toHaveLength(1);
    await assign(w.owner.client, w.pat.userId);
    expect(outboxFor(w.pat.email, 'issue-assigned')).toHaveLength(1);
    expect(outboxFor(w.owner.email, 'issue-assigned')).toHaveLength(0);
  });

  it('ASSIGNED to a team: each member whose setting is on; an automatic assignment says why', async () => {
    const w = await world();
    await turn(w.pat.client, 'ASSIGNED', false);
    await emitWorkflowEvents([
      {
        type: 'ASSIGNED',
        projectId: w.project.id,
        issueId: w.issue.id,
        actorId: null,
        assigneeUserId: null,
        assigneeTeamId: w.team.id,
        details: { source: 'ownership', rule: 'path:src/billing/* #payments' },
      },
    ]);
    await workflowSettled(w.issue.id);
    const [mail] = outboxFor(w.mo.email, 'issue-assigned');
    expect(mail.data).toEqual({
      assignerName: 'Tracker (automatic assignment)',
      issueTitle: 'TypeError: cart is undefined',
      projectName: 'Checkout',
      issueUrl: w.url,
      teamName: 'Payments',
      reason: 'ownership rule path:src/billing/* #payments',
    });
    expect(mail.subject).toBe('Assigned to Payments: TypeError: cart is undefined');
    expect(mail.text).toContain('Why: ownership rule path:src/billing/* #payments');
    expect(outboxFor(w.pat.email, 'issue-assigned')).toHaveLength(0);
    expect(outboxFor(w.owner.email)).toHaveLength(outboxFor(w.owner.email, 'otp').length);

    // A suspect commit's author, assigned by the suspect-commit handler.
    await emitWorkflowEvents([
      {
        type: 'ASSIGNED',
        projectId: w.project.id,
        issueId: w.issue.id,
        actorId: null,
        assigneeUserId: w.mo.userId,
        assigneeTeamId: null,
        details: {
          source: 'suspect_commit',
          commit: { sha: 'a1b2c3d4e5f6a7b8c9d0', message: 'Fix the cart\n\nlong body', authorEmail: w.mo.email },
        },
      },
    ]);
    await workflowSettled(w.issue.id);
    expect(outboxFor(w.mo.email, 'issue-assigned')[1].data.reason).toBe(
      `suspect commit a1b2c3d4e5f6 "Fix the cart" by ${w.mo.email}`,
    );
  });

  it("COMMENTED: the issue's participants, never the author; off: none", async () => {
    const w = await world();
    await db.issue.update({ where: { id: w.issue.id }, data: { assigneeId: w.mo.userId } });
    expect((await comment(w, w.owner.client, 'Looking into it.')).status).toBe(201);
    await workflowSettled(w.issue.id);
    const [mail] = outboxFor(w.mo.email, 'issue-commented');
    expect(mail.data).toEqual({
      projectName: 'Checkout',
      heading: 'Owner Olga commented on an issue',
      detail: 'Looking into it.',
      title: 'TypeError: cart is undefined',
      level: 'ERROR',
      culprit: 'app.js in f',
      issueUrl: w.url,
    });
    expect(mail.subject).toBe('Owner Olga commented on an issue: TypeError: cart is undefined');
    expect(mail.html).toContain('Looking into it.');
    expect(outboxFor(w.owner.email, 'issue-commented')).toHaveLength(0);
    // Pat is in the team that has the project, but no participant of this issue.
    expect(outboxFor(w.pat.email, 'issue-commented')).toHaveLength(0);

    // Mo answers: the owner (who commented) hears of it, Mo does not.
    await comment(w, w.mo.client, 'Thanks!');
    await workflowSettled(w.issue.id);
    expect(outboxFor(w.owner.email, 'issue-commented').map((m) => m.data.detail)).toEqual(['Thanks!']);
    expect(outboxFor(w.mo.email, 'issue-commented')).toHaveLength(1);

    await turn(w.mo.client, 'COMMENTED', false);
    await comment(w, w.owner.client, 'Still there?');
    await workflowSettled(w.issue.id);
    expect(outboxFor(w.mo.email, 'issue-commented')).toHaveLength(1);
  });

  it('RESOLVED: participants hear of it (with the release it waits for), not the person who resolved it; off: none', async () => {
    const w = await world();
    await comment(w, w.mo.client, 'Seen it too.');
    expect((await resolve(w)).status).toBe(200);
    await workflowSettled(w.issue.id);
    const [mail] = outboxFor(w.mo.email, 'issue-resolved');
    expect(mail.data.heading).toBe('Owner Olga resolved an issue');
    expect(outboxFor(w.owner.email, 'issue-resolved')).toHaveLength(0);

    await db.release.create({ data: { projectId: w.project.id, version: 'web@1.2.0' } });
    await reopen(w);
    const res = await w.owner.client.request('PATCH', w.path, {
      body: { status: 'RESOLVED', resolveIn: 'nextRelease' },
    });
    expect(res.status, res.text).toBe(200);
    await workflowSettled(w.issue.id);
    expect(outboxFor(w.mo.email, 'issue-resolved')[1].data.heading).toBe(
      'Owner Olga resolved an issue in release web@1.2.0',
    );

    await turn(w.mo.client, 'RESOLVED', false);
    await reopen(w);
    await resolve(w);
    await workflowSettled(w.issue.id);
    expect(outboxFor(w.mo.email, 'issue-resolved')).toHaveLength(2);
  });

  it('REGRESSED and NEW_ISSUE through real ingest: participants hear of a regression; new issues only those who turned them on', async () => {
    const w = await world();
    const key = w.project.keys[0].publicKey;
    const ingest = async (group: string) => {
      const res = await send({
        client: w.owner.client,
        projectId: w.project.id,
        key,
        body: errorEnvelope({ fingerprint: [group] }),
      });
      expect(res.status, res.text).toBe(200);
      const issue = await db.issue.findFirstOrThrow({
        where: { projectId: w.project.id, fingerprint: { not: w.issue.fingerprint } },
        orderBy: { createdAt: 'desc' },
      });
      await workflowSettled(issue.id);
      return issue;
    };
    // New issues: off by default; Mo turns them on (the project is his team's), Pat keeps the default.
    const first = await ingest('first');
    expect(outboxFor(w.mo.email, 'issue-created')).toHaveLength(0);
    await turn(w.mo.client, 'NEW_ISSUE', true);
    const second = await ingest('second');
    const [created] = outboxFor(w.mo.email, 'issue-created');
    expect(created.data).toMatchObject({
      heading: 'New issue in Checkout',
      title: second.title,
      issueUrl: `${env.appUrl}/projects/${w.project.id}/issues/${second.id}`,
    });
    expect(outboxFor(w.pat.email, 'issue-created')).toHaveLength(0);
    expect(outboxFor(w.owner.email, 'issue-created')).toHaveLength(0);
    await turn(w.mo.client, 'NEW_ISSUE', false);
    await ingest('third');
    expect(outboxFor(w.mo.email, 'issue-created')).toHaveLength(1);

    // The owner resolved the first issue: a participant, who hears of its regression.
    const path = `/api/v1/projects/${w.project.id}/issues/${first.id}`;
    expect((await w.owner.client.request('PATCH', path, { body: { status: 'RESOLVED' } })).status).toBe(200);
    await ingest('first');
    await workflowSettled(first.id);
    const [regressed] = outboxFor(w.owner.email, 'issue-regressed');
    expect(regressed.data).toMatchObject({ heading: 'Regression in Checkout', title: first.title });
    expect(outboxFor(w.mo.email, 'issue-regressed')).toHaveLength(0);

    await turn(w.owner.client, 'REGRESSED', false);
    await w.owner.client.request('PATCH', path, { body: { status: 'RESOLVED' } });
    await ingest('first');
    await workflowSettled(first.id);
    expect(outboxFor(w.owner.email, 'issue-regressed')).toHaveLength(1);
  });

  it("a project's override beats the person's default, both ways; null follows the default again", async () => {
    const w = await world();
    await db.issue.update({ where: { id: w.issue.id }, data: { assigneeId: w.mo.userId } });
    const commented = async (text: string) => {
      await comment(w, w.owner.client, text);
      await workflowSettled(w.issue.id);
      return outboxFor(w.mo.email, 'issue-commented').map((m) => m.data.detail);
    };
    await turn(w.mo.client, 'COMMENTED', false);
    await turn(w.mo.client, 'COMMENTED', true, w.project.id);
    expect(await commented('one')).toEqual(['one']);
    await turn(w.mo.client, 'COMMENTED', true);
    await turn(w.mo.client, 'COMMENTED', false, w.project.id);
    expect(await commented('two')).toEqual(['one']);
    await turn(w.mo.client, 'COMMENTED', null, w.project.id);
    expect(await commented('three')).toEqual(['one', 'three']);

    const got = (await w.mo.client.get('/api/v1/account/notifications')).body.data;
    expect(got).toEqual({
      events: ['ASSIGNED', 'COMMENTED', 'REGRESSED', 'RESOLVED', 'NEW_ISSUE'],
      channels: ['email'],
      defaults: {
        ASSIGNED: { email: true },
        COMMENTED: { email: true },
        REGRESSED: { email: true },
        RESOLVED: { email: true },
        NEW_ISSUE: { email: false },
      },
      projects: [{ id: w.project.id, name: 'Checkout', overrides: {} }],
    });
    await turn(w.mo.client, 'RESOLVED', false, w.project.id);
    expect((await w.mo.client.get('/api/v1/account/notifications')).body.data.projects).toEqual([
      { id: w.project.id, name: 'Checkout', overrides: { RESOLVED: { email: false } } },
    ]);
  });
});

describe("the project's notification webhooks", () => {
  it('get one message per event of the types they list, in their format, signed', async () => {
    const w = await world();
    const slack = await receiver();
    const json = await receiver();
    const hooks = `/api/v1/projects/${w.project.id}/notification-webhooks`;
    const created = await w.owner.client.post(hooks, { url: `${slack.url}/slack`, events: ['COMMENTED', 'RESOLVED'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      projectId: w.project.id,
      url: `${slack.url}/slack`,
      format: 'slack',
      events: ['COMMENTED', 'RESOLVED'],
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const jsonHook = (await w.owner.client.post(hooks, { url: `${json.url}/json`, format: 'json' })).body.data;
    expect(jsonHook.events).toEqual(['ASSIGNED', 'COMMENTED', 'REGRESSED', 'RESOLVED', 'NEW_ISSUE']);
    const listed = (await w.mo.client.get(hooks)).body.data;
    expect(listed.map((h: { id: string }) => h.id)).toEqual([created.body.data.id, jsonHook.id]);
    expect(listed[0]).not.toHaveProperty('secret');

    await comment(w, w.owner.client, 'Deploying a fix.');
    await workflowSettled(w.issue.id);
    await slack.waitFor(1);
    await json.waitFor(1);
    expect(slack.requests[0].path).toBe('/slack');
    expect(slack.requests[0].json.text).toBe(
      'Owner Olga commented on an issue in Checkout: TypeError: cart is undefined',
    );
    expect(json.requests[0].json).toEqual({
      type: 'workflow',
      event: 'commented',
      projectName: 'Checkout',
      heading: 'Owner Olga commented on an issue in Checkout',
      detail: 'Deploying a fix.',
      issue: {
        id: w.issue.id,
        title: 'TypeError: cart is undefined',
        culprit: 'app.js in f',
        level: 'ERROR',
        status: 'UNRESOLVED',
        projectId: w.project.id,
      },
      issueUrl: w.url,
    });
    const signature = crypto.createHmac('sha256', jsonHook.secret).update(json.requests[0].body).digest('hex');
    expect(json.requests[0].headers['x-webhook-signature']).toBe(`sha256=${signature}`);

    // An assignment: only the hook that lists ASSIGNED; the slack hook changed to Discord gets the resolution.
    await w.owner.client.request('PUT', `${w.path}/assignee`, { body: { assigneeId: w.mo.userId } });
    await workflowSettled(w.issue.id);
    await json.waitFor(2);
    expect(json.requests[1].json.heading).toBe('Assigned to Member Mo in Checkout');
    expect(slack.requests).toHaveLength(1);
    const patched = await w.owner.client.request('PATCH', `${hooks}/${created.body.data.id}`, {
      body: { format: 'discord' },
    });
    expect(patched.body.data.format).toBe('discord');
    await resolve(w);
    await workflowSettled(w.issue.id);
    await slack.waitFor(2);
    expect(slack.requests[1].json.content).toBe('Owner Olga resolved an issue in Checkout');
    expect(slack.requests[1].json.embeds[0].title).toBe('TypeError: cart is undefined');
    expect(json.requests).toHaveLength(3);

    expect((await w.owner.client.delete(`${hooks}/${created.body.data.id}`)).status).toBe(200);
    expect((await w.owner.client.get(hooks)).body.data).toHaveLength(1);
  });

  it('a retried job sends nothing twice: what was sent stays sent, what failed is sent on the retry', async () => {
    const w = await world();
    const hook = await receiver([503]);
    await w.owner.client.post(`/api/v1/projects/${w.project.id}/notification-webhooks`, {
      url: hook.url,
      format: 'json',
    });
    await db.issue.update({ where: { id: w.issue.id }, data: { assigneeId: w.mo.userId } });
    const c = await db.issueComment.create({ data: { issueId: w.issue.id, authorId: w.ownerId, body: 'Once.' } });
    const event: WorkflowEvent = {
      id: crypto.randomUUID(),
      type: 'COMMENTED',
      projectId: w.project.id,
      issueId: w.issue.id,
      actorId: w.ownerId,
      commentId: c.id,
    };
    await expect(notifyWorkflowEvent(event)).rejects.toThrow(/HTTP 503/);
    expect(hook.requests).toHaveLength(1);
    expect(outboxFor(w.mo.email, 'issue-commented')).toHaveLength(1);
    await notifyWorkflowEvent(event);
    await notifyWorkflowEvent(event);
    expect(hook.requests).toHaveLength(2);
    expect(outboxFor(w.mo.email, 'issue-commented')).toHaveLength(1);
    // Another event (another id) is another notification.
    await notifyWorkflowEvent({ ...event, id: crypto.randomUUID() });
    expect(outboxFor(w.mo.email, 'issue-commented')).toHaveLength(2);
    expect(hook.requests).toHaveLength(3);
  });
});

describe('bad input and other organizations', () => {
  const invalid = (error: unknown) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });

  it('settings: exact 400s, and a project of another organization changes nothing', async () => {
    const w = await world();
    const stranger = await signUp({ name: 'Stranger' });
    const theirs = await createProject(stranger.client, 'Theirs');
    const cases: [string, unknown, unknown][] = [
      ['no settings', {}, [{ path: ['settings'], message: 'Settings must be an array' }]],
      ['empty', { settings: [] }, [{ path: ['settings'], message: 'Give at least one setting' }]],
      [
        'unknown event',
        { settings: [{ event: 'DELETED', enabled: true }] },
        [
          {
            path: ['settings', 0, 'event'],
            message: 'Event must be ASSIGNED, COMMENTED, REGRESSED, RESOLVED or NEW_ISSUE',
          },
        ],
      ],
      [
        'unknown channel',
        { settings: [{ event: 'ASSIGNED', channel: 'sms', enabled: true }] },
        [{ path: ['settings', 0, 'channel'], message: 'Channel must be email' }],
      ],
      [
        'enabled not a boolean',
        { settings: [{ event: 'ASSIGNED', enabled: 'yes' }] },
        [{ path: ['settings', 0, 'enabled'], message: 'Enabled must be true, false or null' }],
      ],
      [
        'a default of null',
        { settings: [{ event: 'ASSIGNED', enabled: null }] },
        [{ path: ['settings', 0, 'enabled'], message: 'A default must be true or false' }],
      ],
      [
        "another organization's project",
        {
          settings: [
            { event: 'ASSIGNED', enabled: true },
            { event: 'ASSIGNED', enabled: false, projectId: theirs.id },
          ],
        },
        [{ path: ['settings', 1, 'projectId'], message: 'Project not found in this organization' }],
      ],
    ];
    for (const [label, body, error] of cases) {
      const res = await w.mo.client.request('PATCH', '/api/v1/account/notifications', { body });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    expect(await db.notificationSetting.count({ where: { userId: w.mo.userId } })).toBe(0);
    expect(await db.notificationProjectSetting.count({ where: { userId: w.mo.userId } })).toBe(0);
    const anonymous = await new TestClient().get('/api/v1/account/notifications');
    expect(anonymous.status).toBe(401);
  });

  it('project webhooks: exact 400s, 403 for a member, 404 from another organization', async () => {
    const w = await world();
    const hooks = `/api/v1/projects/${w.project.id}/notification-webhooks`;
    const cases: [string, unknown, unknown][] = [
      ['no url', {}, [{ path: ['url'], message: 'Must be a valid http(s) URL' }]],
      ['not http', { url: 'ftp://example.com/x' }, [{ path: ['url'], message: 'Must be a valid http(s) URL' }]],
      [
        'format',
        { url: 'https://hooks.example.com/x', format: 'teams' },
        [{ path: ['format'], message: 'Format must be json, slack or discord' }],
      ],
      [
        'no events',
        { url: 'https://hooks.example.com/x', events: [] },
        [{ path: ['events'], message: 'Choose at least one event' }],
      ],
      [
        'unknown event',
        { url: 'https://hooks.example.com/x', events: ['ASSIGNED', 'EXPLODED'] },
        [{ path: ['events', 1], message: 'Event must be ASSIGNED, COMMENTED, REGRESSED, RESOLVED or NEW_ISSUE' }],
      ],
    ];
    for (const [label, body, error] of cases) {
      const res = await w.owner.client.post(hooks, body);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    const byMember = await w.mo.client.post(hooks, { url: 'https://hooks.example.com/x' });
    expect(byMember.status).toBe(403);
    expect(await db.projectNotificationWebhook.count({ where: { projectId: w.project.id } })).toBe(0);

    const hook = (await w.owner.client.post(hooks, { url: 'https://hooks.example.com/x' })).body.data;
    const stranger = await signUp({ name: 'Stranger' });
    const projectNotFound = { statusCode: 404, status: 'failed', message: 'Project not found' };
    for (const res of [
      await stranger.client.get(hooks),
      await stranger.client.post(hooks, { url: 'https://evil.example.com/x' }),
      await stranger.client.request('PATCH', `${hooks}/${hook.id}`, { body: { url: 'https://evil.example.com/x' } }),
      await stranger.client.delete(`${hooks}/${hook.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(projectNotFound);
    }
    // A hook of another project of the same organization is not this project's.
    await setPlan(w.owner.orgId, 'PRO');
    const other = await createProject(w.owner.client, 'Other');
    const res = await w.owner.client.delete(`/api/v1/projects/${other.id}/notification-webhooks/${hook.id}`);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Notification webhook not found' });
    expect((await db.projectNotificationWebhook.findUniqueOrThrow({ where: { id: hook.id } })).url).toBe(
      'https://hooks.example.com/x',
    );
  });
});

describe('alert rules that notify issue owners, a team or a member', () => {
  it('each firing emails the member, every member of the team, or the owners by the ownership rules (falling through to the project teams)', async () => {
    const w = await world();
    const alerts = `/api/v1/projects/${w.project.id}/alerts`;
    const key = w.project.keys[0].publicKey;
    const ingest = async (group: string, tags?: Record<string, string>) => {
      const body = errorEnvelope({ fingerprint: [group], ...(tags ? { tags } : {}) });
      const res = await send({ client: w.owner.client, projectId: w.project.id, key, body });
      expect(res.status, res.text).toBe(200);
    };
    const newIssueMails = (email: string) => outboxFor(email, 'new-issue').length;

    const created = await w.owner.client.post(alerts, {
      name: 'To Pat',
      type: 'NEW_ISSUE',
      targetType: 'MEMBER',
      targetUserId: w.pat.userId,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      notifyEmail: null,
      webhookUrl: null,
      targetType: 'MEMBER',
      targetTeamId: null,
      targetUserId: w.pat.userId,
    });
    const ruleId = created.body.data.id as string;
    await ingest('member');
    await waitUntil(() => newIssueMails(w.pat.email) === 1);
    expect(newIssueMails(w.mo.email)).toBe(0);

    const toTeam = await w.owner.client.request('PATCH', `${alerts}/${ruleId}`, {
      body: { targetType: 'TEAM', targetTeamId: w.team.id },
    });
    expect(toTeam.body.data).toMatchObject({ targetType: 'TEAM', targetTeamId: w.team.id, targetUserId: null });
    await ingest('team');
    await waitUntil(() => newIssueMails(w.pat.email) === 2 && newIssueMails(w.mo.email) === 1);

    // Owners: Mo owns EU issues; an issue no rule matches falls through to the project's teams (Mo and Pat).
    await db.projectOwnership.create({
      data: { projectId: w.project.id, raw: `tags.region:eu ${w.mo.email}`, autoAssignment: false },
    });
    await w.owner.client.request('PATCH', `${alerts}/${ruleId}`, { body: { targetType: 'ISSUE_OWNERS' } });
    await ingest('owned', { region: 'eu' });
    await waitUntil(() => newIssueMails(w.mo.email) === 2);
    await ingest('unowned', { region: 'us' });
    await waitUntil(() => newIssueMails(w.mo.email) === 3 && newIssueMails(w.pat.email) === 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(newIssueMails(w.pat.email)).toBe(3);
    expect(newIssueMails(w.owner.email)).toBe(0);
    const logs = (await w.owner.client.get(`${alerts}/${ruleId}/logs`)).body.data as { target: string }[];
    expect(logs.map((l) => l.target).sort()).toEqual(
      [w.pat.email, w.pat.email, w.mo.email, w.mo.email, w.mo.email, w.pat.email].sort(),
    );
  });

  it('bad targets: exact 400s; a team or member of another organization is refused and nothing changes', async () => {
    const w = await world();
    const alerts = `/api/v1/projects/${w.project.id}/alerts`;
    const stranger = await signUp({ name: 'Stranger' });
    const theirTeam = await db.team.create({ data: { orgId: stranger.orgId, name: 'Theirs', slug: 'theirs' } });
    const invalid = (error: unknown) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    const cases: [string, Record<string, unknown>, unknown][] = [
      [
        'unknown target type',
        { targetType: 'EVERYONE' },
        [{ path: ['targetType'], message: 'Target type must be ISSUE_OWNERS, PROJECT_MEMBERS, TEAM or MEMBER' }],
      ],
      ['team without id', { targetType: 'TEAM' }, [{ path: ['targetTeamId'], message: 'Give the team to notify' }]],
      [
        'member without id',
        { targetType: 'MEMBER' },
        [{ path: ['targetUserId'], message: 'Give the member to notify' }],
      ],
      [
        'owners of an error rate',
        { targetType: 'ISSUE_OWNERS', type: 'ERROR_RATE', threshold: 5, windowMinutes: 5 },
        [{ path: ['targetType'], message: 'Issue owners can be notified by NEW_ISSUE and REGRESSION rules only' }],
      ],
      [
        'a team on a crash-free rule',
        { targetType: 'TEAM', targetTeamId: w.team.id, type: 'CRASH_FREE', crashFreeBelow: 99, windowMinutes: 60 },
        [
          {
            path: ['targetType'],
            message: 'Only NEW_ISSUE, REGRESSION and ERROR_RATE rules can notify owners, a team or a member',
          },
        ],
      ],
      [
        "another organization's team",
        { targetType: 'TEAM', targetTeamId: theirTeam.id },
        [{ path: ['targetTeamId'], message: 'Team not found in this organization' }],
      ],
      [
        "another organization's member",
        { targetType: 'MEMBER', targetUserId: stranger.user.id },
        [{ path: ['targetUserId'], message: 'Member not found in this organization' }],
      ],
    ];
    for (const [label, extra, error] of cases) {
      const res = await w.owner.client.post(alerts, { name: 'r', ...extra });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    expect(await db.alertRule.count({ where: { projectId: w.project.id } })).toBe(0);

    const rule = (await w.owner.client.post(alerts, { name: 'r', targetType: 'TEAM', targetTeamId: w.team.id })).body
      .data;
    for (const [label, body, error] of [
      [
        "another organization's team",
        { targetTeamId: theirTeam.id },
        [{ path: ['targetTeamId'], message: 'Team not found in this organization' }],
      ],
      [
        "another organization's member",
        { targetType: 'MEMBER', targetUserId: stranger.user.id },
        [{ path: ['targetUserId'], message: 'Member not found in this organization' }],
      ],
      [
        'no target and no address',
        { targetType: null },
        [{ path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' }],
      ],
    ] as const) {
      const res = await w.owner.client.request('PATCH', `${alerts}/${rule.id}`, { body });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).toMatchObject({
      targetType: 'TEAM',
      targetTeamId: w.team.id,
      targetUserId: null,
    });
  });
});
