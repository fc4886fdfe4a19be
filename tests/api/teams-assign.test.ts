// Teams (#49): assigning an issue to a team, and searching for it.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { auditOf, createTeam, org, seedIssue, TEAMS, teamState } from '../support/teams';
import type { TestClient as Client } from '../support/client';

describe('assigning an issue to a team', () => {
  it('assigns the team (clearing the person) and a person (clearing the team), in the activity and the event queue', async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Payments');
    const issue = await seedIssue(t.project.id, 'Error: card declined');
    const path = `/api/v1/projects/${t.project.id}/issues/${issue.id}`;

    await t.owner.client.request('PUT', `${path}/assignee`, { body: { assigneeId: t.member.userId } });
    const toTeam = await t.member.client.request('PUT', `${path}/assignee`, { body: { teamId: team.id } });
    expect(toTeam.status).toBe(200);
    expect(toTeam.body.data.assignee).toBeNull();
    expect(toTeam.body.data.assignedTeam).toEqual({ id: team.id, name: 'Payments', slug: 'payments' });
    const row = await db.issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect({ assigneeId: row.assigneeId, assignedTeamId: row.assignedTeamId }).toEqual({
      assigneeId: null,
      assignedTeamId: team.id,
    });
    expect((await t.owner.client.get(path, { query: { expand: 'assignee' } })).body.data.assignedTeam).toEqual({
      id: team.id,
      name: 'Payments',
      slug: 'payments',
    });
    // The spec's shape stays as it is unless the assignee is asked for.
    expect((await t.owner.client.get(path)).body.data).not.toHaveProperty('assignedTeam');

    const activity = (await t.owner.client.get(`${path}/activity`)).body.data;
    expect(activity.at(-1)).toMatchObject({
      type: 'ASSIGNED',
      actor: { id: t.member.userId, name: 'Mo Member' },
      assignee: null,
      assigneeTeam: { id: team.id, name: 'Payments', slug: 'payments' },
    });
    const { rows: jobs } = await pool().query<{ data: Record<string, unknown> }>(
      `SELECT data FROM pgboss.job WHERE name = 'workflow' AND data->>'issueId' = $1 AND data->>'type' = 'ASSIGNED'
        ORDER BY created_on`,
      [issue.id],
    );
    expect(jobs.map((j) => j.data)).toEqual([
      expect.objectContaining({ assigneeUserId: t.member.userId, assigneeTeamId: null }),
      expect.objectContaining({
        type: 'ASSIGNED',
        projectId: t.project.id,
        issueId: issue.id,
        actorId: t.member.userId,
        assigneeUserId: null,
        assigneeTeamId: team.id,
      }),
    ]);

    const toPerson = await t.owner.client.request('PUT', `${path}/assignee`, { body: { assigneeId: t.ownerId } });
    expect(toPerson.body.data.assignee.id).toBe(t.ownerId);
    expect(toPerson.body.data.assignedTeam).toBeNull();
    await t.owner.client.request('PUT', `${path}/assignee`, { body: { teamId: team.id } });
    const none = await t.owner.client.request('PUT', `${path}/assignee`, { body: { teamId: null } });
    expect(none.body.data).toMatchObject({ assignee: null, assignedTeam: null });
  });

  it.each<[string, unknown, number, unknown]>([
    [
      'an unknown team',
      { teamId: 'no-such-team' },
      400,
      { statusCode: 400, status: 'failed', message: 'The team must belong to this organization' },
    ],
    [
      'both a person and a team',
      { assigneeId: 'ME', teamId: 'TEAM' },
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['teamId'], message: 'Give assigneeId or teamId, not both' }],
      },
    ],
    [
      'an empty teamId',
      { teamId: '' },
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['teamId'], message: 'teamId must be a team id or null' }],
      },
    ],
    [
      'neither',
      {},
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['assigneeId'], message: 'Give assigneeId or teamId' }],
      },
    ],
  ])('%s, nothing changes', async (_label, body, status, expected) => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Payments');
    const issue = await seedIssue(t.project.id);
    const sent = JSON.parse(JSON.stringify(body).replace('"ME"', `"${t.ownerId}"`).replace('"TEAM"', `"${team.id}"`));
    const before = await teamState(t.owner.orgId);
    const res = await t.owner.client.request('PUT', `/api/v1/projects/${t.project.id}/issues/${issue.id}/assignee`, {
      body: sent,
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(expected);
    expect(await teamState(t.owner.orgId)).toEqual(before);
  });

  it('deleting the team unassigns its issues, recorded in their activity', async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Payments');
    const issue = await seedIssue(t.project.id);
    const path = `/api/v1/projects/${t.project.id}/issues/${issue.id}`;
    await t.owner.client.request('PUT', `${path}/assignee`, { body: { teamId: team.id } });
    const res = await t.admin.client.delete(`${TEAMS}/${team.id}`);
    expect(res.status).toBe(200);
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).assignedTeamId).toBeNull();
    expect((await t.owner.client.get(`${path}/activity`)).body.data.at(-1)).toMatchObject({
      type: 'ASSIGNED',
      actor: { id: t.admin.userId },
      assignee: null,
      assigneeTeam: null,
    });
    const [deleted] = (await auditOf(t.owner.orgId, team.id)).filter((e) => e.action === 'team.deleted');
    expect(deleted.changes).toEqual({ name: 'Payments', slug: 'payments', unassignedIssues: 1 });
  });
});

describe('search', () => {
  it('assigned:#slug finds the team’s issues; assigned:me includes my teams’ issues; is:unassigned excludes them', async () => {
    const t = await org();
    const payments = await createTeam(t.owner.client, 'Payments');
    const web = await createTeam(t.owner.client, 'Web');
    await t.owner.client.request('PUT', `${TEAMS}/${payments.id}/members/${t.member.userId}`);
    // Another organization with a team of the same slug and an issue assigned to it.
    const stranger = await signUp();
    const theirProject = await createProject(stranger.client, 'Theirs');
    const theirTeam = await createTeam(stranger.client, 'Payments');
    const theirIssue = await seedIssue(theirProject.id);
    await stranger.client.request('PUT', `/api/v1/projects/${theirProject.id}/issues/${theirIssue.id}/assignee`, {
      body: { teamId: theirTeam.id },
    });

    const toPayments = await seedIssue(t.project.id, 'Error: payments');
    const toWeb = await seedIssue(t.project.id, 'Error: web');
    const toMember = await seedIssue(t.project.id, 'Error: member');
    const nobody = await seedIssue(t.project.id, 'Error: nobody');
    const assign = (id: string, body: unknown) =>
      t.owner.client.request('PUT', `/api/v1/projects/${t.project.id}/issues/${id}/assignee`, { body });
    await assign(toPayments.id, { teamId: payments.id });
    await assign(toWeb.id, { teamId: web.id });
    await assign(toMember.id, { assigneeId: t.member.userId });

    const search = async (client: Client, q: Record<string, string>) => {
      const res = await client.get(`/api/v1/projects/${t.project.id}/issues`, { query: { limit: 100, ...q } });
      expect(res.status).toBe(200);
      return (res.body.data.issues as { title: string }[]).map((i) => i.title).sort();
    };
    const cases: [Client, Record<string, string>, string[]][] = [
      [t.owner.client, { query: 'assigned:#payments' }, ['Error: payments']],
      [t.owner.client, { query: 'assigned:#WEB' }, ['Error: web']],
      [t.owner.client, { query: 'assigned:#nope' }, []],
      [t.owner.client, { query: '!assigned:#payments' }, ['Error: member', 'Error: nobody', 'Error: web']],
      [t.member.client, { query: 'assigned:me' }, ['Error: member', 'Error: payments']],
      [t.member.client, { assignee: 'me' }, ['Error: member', 'Error: payments']],
      [t.member.client, { query: '!assigned:me' }, ['Error: nobody', 'Error: web']],
      [t.admin.client, { query: 'assigned:me' }, []],
      [t.owner.client, { query: 'is:unassigned' }, ['Error: nobody']],
      [t.owner.client, { assignee: 'none' }, ['Error: nobody']],
      [t.owner.client, { query: 'is:assigned' }, ['Error: member', 'Error: payments', 'Error: web']],
    ];
    for (const [client, q, titles] of cases) expect({ q, titles: await search(client, q) }).toEqual({ q, titles });
    expect(nobody.id).toBeTruthy();

    const bad = await t.owner.client.get(`/api/v1/projects/${t.project.id}/issues`, {
      query: { query: 'assigned:#Not_A_Slug' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual([
      {
        path: ['query', 'query'],
        message: 'Unknown "assigned:" value "#Not_A_Slug": use me, none or #team-slug',
        position: 9,
      },
    ]);
  });
});
