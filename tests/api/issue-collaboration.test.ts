import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { outboxFor, signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin, orgState, seedIssue } from '../support/teams';
import { useWorkflowWorker, workflowSettled } from '../support/workflow';
import { errorEnvelope, send } from './ingest-helpers';

// Assignment emails come from the workflow queue's notifications handler (#49).
useWorkflowWorker();

async function team() {
  const owner = await signUp({ name: 'Owner Olga' });
  const ownerId = (await owner.client.get('/api/v1/auth/me')).body.data.id as string;
  const project = await createProject(owner.client, 'Checkout');
  const member = await inviteAndJoin(owner.client, 'MEMBER', 'Member Mo');
  const issue = await seedIssue(project.id, 'TypeError: cart is undefined');
  const path = `/api/v1/projects/${project.id}/issues/${issue.id}`;
  return { owner, ownerId, project, member, issue, path };
}

const activityOf = async (client: Awaited<ReturnType<typeof signUp>>['client'], path: string) =>
  (await client.get(`${path}/activity`)).body.data;

describe('assignment', () => {
  it('assigns a member, emails them when someone else did, shows in the issue and the list filters', async () => {
    const t = await team();
    const res = await t.owner.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: t.member.userId } });
    expect(res.status).toBe(200);
    expect(res.body.data.assignee).toEqual({ id: t.member.userId, name: 'Member Mo', email: t.member.email });
    await workflowSettled(t.issue.id);
    const [mail] = outboxFor(t.member.email, 'issue-assigned');
    expect(mail.data).toEqual({
      assignerName: 'Owner Olga',
      issueTitle: 'TypeError: cart is undefined',
      projectName: 'Checkout',
      issueUrl: `${env.appUrl}/projects/${t.project.id}/issues/${t.issue.id}`,
    });

    // The spec's shapes are unchanged unless the assignee is asked for.
    expect((await t.owner.client.get(t.path)).body.data).not.toHaveProperty('assignee');
    expect((await t.owner.client.get(t.path, { query: { expand: 'assignee' } })).body.data.assignee.id).toBe(
      t.member.userId,
    );

    const other = await seedIssue(t.project.id, 'Error: other');
    const list = (q: Record<string, string>) =>
      t.member.client.get(`/api/v1/projects/${t.project.id}/issues`, { query: { expand: 'assignee', ...q } });
    expect((await list({ assignee: 'me' })).body.data.issues.map((i: { id: string }) => i.id)).toEqual([t.issue.id]);
    expect((await list({ assignee: 'none' })).body.data.issues.map((i: { id: string }) => i.id)).toEqual([other.id]);
    expect((await list({ assignee: 'bogus' })).body.data.pagination.total).toBe(2);
    expect((await list({})).body.data.issues.find((i: { id: string }) => i.id === t.issue.id).assignee.name).toBe(
      'Member Mo',
    );
  });

  it('self-assignment sends no email; unassigning works', async () => {
    const t = await team();
    await t.member.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: t.member.userId } });
    await workflowSettled(t.issue.id);
    expect(outboxFor(t.member.email, 'issue-assigned')).toHaveLength(0);
    const res = await t.member.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: null } });
    expect(res.body.data.assignee).toBeNull();
  });

  it.each<[string, unknown, number, string]>([
    ['a user outside the organization', 'OUTSIDER', 400, 'The assignee must be a member of this organization'],
    ['an unknown user id', 'no-such-user', 400, 'The assignee must be a member of this organization'],
    ['a missing assigneeId', undefined, 400, 'Validation error'],
    ['an empty assigneeId', '', 400, 'Validation error'],
    ['a number', 42, 400, 'Validation error'],
  ])('%s → %i, nothing changes', async (_label, value, status, message) => {
    const t = await team();
    const outsider = await signUp();
    const assigneeId = value === 'OUTSIDER' ? (await outsider.client.get('/api/v1/auth/me')).body.data.id : value;
    const before = await orgState(t.owner.orgId);
    const res = await t.owner.client.request('PUT', `${t.path}/assignee`, {
      body: assigneeId === undefined ? {} : { assigneeId },
    });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await orgState(t.owner.orgId)).toEqual(before);
  });

  it('removing a member unassigns their issues, recorded in the activity', async () => {
    const t = await team();
    await t.owner.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: t.member.userId } });
    expect((await t.owner.client.delete(`/api/v1/organization/members/${t.member.userId}`)).status).toBe(200);
    expect((await db.issue.findUniqueOrThrow({ where: { id: t.issue.id } })).assigneeId).toBeNull();
    const last = (await activityOf(t.owner.client, t.path)).at(-1);
    expect(last).toMatchObject({ type: 'ASSIGNED', actor: { id: t.ownerId, name: 'Owner Olga' }, assignee: null });
    // The removed member no longer reaches the organization.
    expect((await t.member.client.get(t.path)).status).toBe(404);
  });
});

describe('comments', () => {
  it('author adds, edits and deletes; the timeline follows; another member cannot change it (403)', async () => {
    const t = await team();
    const add = await t.member.client.post(`${t.path}/comments`, { body: '  Seen in https://example.com/cart  ' });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({
      body: 'Seen in https://example.com/cart',
      author: { id: t.member.userId, name: 'Member Mo' },
      edited: false,
    });
    const url = `${t.path}/comments/${add.body.data.id}`;

    const before = await orgState(t.owner.orgId);
    for (const res of [await t.owner.client.patch(url, { body: 'hijack' }), await t.owner.client.delete(url)]) {
      expect(res.body).toEqual({
        statusCode: 403,
        status: 'failed',
        message: 'Only the author can change this comment',
      });
    }
    expect(await orgState(t.owner.orgId)).toEqual(before);

    const edit = await t.member.client.patch(url, { body: 'Seen on the cart page' });
    expect(edit.body.data).toMatchObject({ body: 'Seen on the cart page', edited: true });
    const comments = (await activityOf(t.owner.client, t.path)).filter((a: { type: string }) => a.type === 'COMMENT');
    expect(comments.map((c: { comment: { body: string } }) => c.comment.body)).toEqual(['Seen on the cart page']);

    expect((await t.member.client.delete(url)).status).toBe(200);
    expect((await activityOf(t.owner.client, t.path)).some((a: { type: string }) => a.type === 'COMMENT')).toBe(false);
    expect((await t.member.client.delete(url)).status).toBe(404);
  });

  it.each<[string, unknown]>([
    ['an empty body', { body: '' }],
    ['a blank body', { body: '   ' }],
    ['no body', {}],
    ['a body over 10000 characters', { body: 'x'.repeat(10_001) }],
  ])('400 for %s', async (_label, body) => {
    const t = await team();
    const res = await t.member.client.post(`${t.path}/comments`, body);
    expect(res.status).toBe(400);
    expect(res.body.error[0].path).toEqual(['body']);
  });

  it('a comment on an issue of another project of the organization is 404', async () => {
    const t = await team();
    const add = await t.member.client.post(`${t.path}/comments`, { body: 'hi' });
    const otherIssue = await seedIssue(t.project.id);
    const res = await t.member.client.patch(
      `/api/v1/projects/${t.project.id}/issues/${otherIssue.id}/comments/${add.body.data.id}`,
      { body: 'moved' },
    );
    expect(res.status).toBe(404);
  });
});

describe('activity timeline', () => {
  it('first seen, status changes with who, assignment, comments and a regression from ingest, in order', async () => {
    const t = await team();
    const key = t.project.keys[0].publicKey;
    expect((await send({ client: t.owner.client, projectId: t.project.id, key, body: errorEnvelope() })).status).toBe(
      200,
    );
    const issue = await db.issue.findFirstOrThrow({
      where: { projectId: t.project.id, title: { startsWith: 'TypeError: Cannot' } },
    });
    const path = `/api/v1/projects/${t.project.id}/issues/${issue.id}`;

    await t.owner.client.request('PUT', `${path}/assignee`, { body: { assigneeId: t.member.userId } });
    await t.member.client.post(`${path}/comments`, { body: 'On it' });
    await t.member.client.patch(path, { status: 'RESOLVED' });
    await t.member.client.patch(path, { status: 'RESOLVED' });
    expect((await send({ client: t.owner.client, projectId: t.project.id, key, body: errorEnvelope() })).status).toBe(
      200,
    );

    const timeline = await activityOf(t.owner.client, path);
    const summary = timeline.map(
      (a: {
        type: string;
        actor: { name: string } | null;
        fromStatus?: string;
        toStatus?: string;
        assignee?: { name: string } | null;
      }) => [a.type, a.actor?.name ?? null, a.fromStatus ?? a.assignee?.name ?? null, a.toStatus ?? null].join(' '),
    );
    expect(summary).toEqual([
      'FIRST_SEEN   ',
      'ASSIGNED Owner Olga Member Mo ',
      'COMMENT Member Mo  ',
      'STATUS Member Mo UNRESOLVED RESOLVED',
      'REGRESSED  RESOLVED UNRESOLVED',
    ]);
    expect(timeline[0].createdAt).toBe(issue.firstSeen.toISOString());
    // Reopening by hand is a status change, not a regression.
    await t.member.client.patch(path, { status: 'RESOLVED' });
    await t.member.client.patch(path, { status: 'UNRESOLVED' });
    expect(
      (await activityOf(t.owner.client, path)).filter((a: { type: string }) => a.type === 'REGRESSED'),
    ).toHaveLength(1);
  });

  it('bulk status changes are recorded per issue with who made them', async () => {
    const t = await team();
    const second = await seedIssue(t.project.id);
    const res = await t.member.client.post(`/api/v1/projects/${t.project.id}/issues/bulk`, {
      ids: [t.issue.id, second.id],
      status: 'IGNORED',
    });
    expect(res.body.data).toEqual({ updated: 2 });
    for (const id of [t.issue.id, second.id]) {
      const entries = await activityOf(t.owner.client, `/api/v1/projects/${t.project.id}/issues/${id}`);
      expect(entries.at(-1)).toMatchObject({
        type: 'STATUS',
        actor: { name: 'Member Mo' },
        fromStatus: 'UNRESOLVED',
        toStatus: 'IGNORED',
      });
    }
  });

  it('two users change one issue at once: the last write wins and both are in the activity', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await team();
      const [a, b] = await Promise.all([
        t.owner.client.patch(t.path, { status: 'RESOLVED' }),
        t.member.client.patch(t.path, { status: 'IGNORED' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const status = (await db.issue.findUniqueOrThrow({ where: { id: t.issue.id } })).status;
      const changes = (await activityOf(t.owner.client, t.path)).filter((x: { type: string }) => x.type === 'STATUS');
      expect(changes).toHaveLength(2);
      expect(new Set(changes.map((c: { actor: { name: string } }) => c.actor.name))).toEqual(
        new Set(['Owner Olga', 'Member Mo']),
      );
      // The rows serialize: the second change starts from the first one's result, and the issue holds the last.
      expect(changes[1].fromStatus).toBe(changes[0].toStatus);
      expect(status).toBe(changes[1].toStatus);

      const [x, y] = await Promise.all([
        t.owner.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: t.ownerId } }),
        t.member.client.request('PUT', `${t.path}/assignee`, { body: { assigneeId: t.member.userId } }),
      ]);
      expect([x.status, y.status]).toEqual([200, 200]);
      const assigned = (await activityOf(t.owner.client, t.path)).filter(
        (e: { type: string }) => e.type === 'ASSIGNED',
      );
      expect(assigned).toHaveLength(2);
      expect((await db.issue.findUniqueOrThrow({ where: { id: t.issue.id } })).assigneeId).toBe(
        assigned[1].assignee.id,
      );
    }
  });
});
