// Notification settings (#49), by email: each workflow event reaches the right people when their setting is on and not
// when it is off (read from the outbox), a project override beats the default, the actor hears nothing.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';
import { outboxFor } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import { comment, resolve, world, type World } from '../support/notifications';
import { useWorkflowWorker, workflowSettled } from '../support/workflow';
import { TestClient } from '../support/client';
import { errorEnvelope, send } from './ingest-helpers';

useWorkflowWorker();
useAlertWorkers();

const setting = (client: TestClient, settings: Record<string, unknown>[]) =>
  client.request('PATCH', '/api/v1/account/notifications', { body: { settings } });

async function turn(client: TestClient, event: string, enabled: boolean | null, projectId?: string) {
  const res = await setting(client, [{ event, channel: 'email', enabled, ...(projectId ? { projectId } : {}) }]);
  expect(res.status, res.text).toBe(200);
}

const reopen = (w: World) => w.owner.client.request('PATCH', w.path, { body: { status: 'UNRESOLVED' } });

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
