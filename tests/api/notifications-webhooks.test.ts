// Notification webhooks (#49): the project's notification webhooks get one message per event (a receiver on
// loopback), a retried job sends nothing twice; bad inputs and other organizations get exact answers.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { WorkflowEvent } from '@/lib/workflow/workflow-events';
import { notifyWorkflowEvent } from '@/lib/notifications/notify-workflow-event';
import { outboxFor, signUp } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import { createProject, setPlan } from '../support/fixtures';
import { comment, resolve, world } from '../support/notifications';
import { useWorkflowWorker, workflowSettled } from '../support/workflow';
import { TestClient } from '../support/client';

useWorkflowWorker();
const receiver = useAlertWorkers();

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
