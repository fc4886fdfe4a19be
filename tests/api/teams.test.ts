// Teams (#49): CRUD, roles, bad input, every path from another organization, assigning an issue to a team and
// searching for it.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { teamsOfUser, membersOfTeam } from '@/lib/teams/team-members';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { inviteAndJoin, orgState, seedIssue } from '../support/teams';
import { createToken, TokenClient } from '../support/tokens';

const TEAMS = '/api/v1/organization/teams';
type Client = Awaited<ReturnType<typeof signUp>>['client'];

async function org() {
  const owner = await signUp({ name: 'Olga Owner' });
  await setPlan(owner.orgId, 'PRO');
  const ownerId = owner.user.id as string;
  const project = await createProject(owner.client, 'Checkout');
  const admin = await inviteAndJoin(owner.client, 'ADMIN', 'Ada Admin');
  const member = await inviteAndJoin(owner.client, 'MEMBER', 'Mo Member');
  return { owner, ownerId, project, admin, member };
}

async function createTeam(client: Client, name: string) {
  const res = await client.post(TEAMS, { name });
  if (res.status !== 201) throw new Error(`team create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; name: string; slug: string };
}

/** Every team row of the organization with its members and projects, and its audit entries. */
async function teamState(orgId: string) {
  const [teams, audit] = await Promise.all([
    db.team.findMany({
      where: { orgId },
      orderBy: { id: 'asc' },
      include: { members: { orderBy: { userId: 'asc' } }, projects: { orderBy: { projectId: 'asc' } } },
    }),
    db.auditLogEntry.count({ where: { orgId, action: { startsWith: 'team.' } } }),
  ]);
  return JSON.parse(JSON.stringify({ teams, audit, org: await orgState(orgId) }));
}

const auditOf = (orgId: string, teamId: string) =>
  db.auditLogEntry.findMany({
    where: { orgId, targetType: 'team', targetId: teamId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { action: true, actorId: true, targetLabel: true, changes: true },
  });

describe('teams CRUD', () => {
  it('creates, lists, renames, adds and removes members and projects, deletes; each write audited', async () => {
    const t = await org();
    const created = await t.owner.client.post(TEAMS, { name: '  Payments EU ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Team created');
    const team = created.body.data;
    expect(team).toMatchObject({
      name: 'Payments EU',
      slug: 'payments-eu',
      memberCount: 0,
      projectCount: 0,
      members: [],
      projects: [],
    });
    expect(team.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const added = await t.owner.client.request('PUT', `${TEAMS}/${team.id}/members/${t.member.userId}`);
    expect(added.status).toBe(200);
    expect(added.body.data.members).toEqual([
      { userId: t.member.userId, name: 'Mo Member', email: t.member.email, addedAt: expect.any(String) },
    ]);
    // Adding again changes nothing and records nothing.
    expect((await t.owner.client.request('PUT', `${TEAMS}/${team.id}/members/${t.member.userId}`)).status).toBe(200);
    const withProject = await t.admin.client.request('PUT', `${TEAMS}/${team.id}/projects/${t.project.id}`);
    expect(withProject.status).toBe(200);
    expect(withProject.body.data.projects).toEqual([
      { id: t.project.id, name: 'Checkout', slug: t.project.slug, platform: 'javascript', addedAt: expect.any(String) },
    ]);

    const list = await t.member.client.get(TEAMS);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: team.id, slug: 'payments-eu', memberCount: 1, projectCount: 1 });
    expect((await t.member.client.get(`${TEAMS}/${team.id}`)).body.data).toEqual(list.body.data[0]);

    // A rename keeps the slug; a new slug is asked for by name.
    const renamed = await t.owner.client.patch(`${TEAMS}/${team.id}`, { name: 'Payments' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Payments', slug: 'payments-eu' });
    const reslugged = await t.owner.client.patch(`${TEAMS}/${team.id}`, { slug: 'payments' });
    expect(reslugged.body.data).toMatchObject({ name: 'Payments', slug: 'payments' });

    expect(await teamsOfUser(t.owner.orgId, t.member.userId)).toEqual([
      { id: team.id, name: 'Payments', slug: 'payments' },
    ]);
    expect(await membersOfTeam(team.id)).toEqual([
      { userId: t.member.userId, name: 'Mo Member', email: t.member.email },
    ]);

    const removedMember = await t.owner.client.delete(`${TEAMS}/${team.id}/members/${t.member.userId}`);
    expect(removedMember.status).toBe(200);
    expect(removedMember.body.data.memberCount).toBe(0);
    const removedProject = await t.owner.client.delete(`${TEAMS}/${team.id}/projects/${t.project.id}`);
    expect(removedProject.body.data.projectCount).toBe(0);
    const deleted = await t.owner.client.delete(`${TEAMS}/${team.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Team deleted');
    expect((await t.owner.client.get(`${TEAMS}/${team.id}`)).status).toBe(404);

    expect(await auditOf(t.owner.orgId, team.id)).toEqual([
      {
        action: 'team.created',
        actorId: t.ownerId,
        targetLabel: 'payments-eu',
        changes: { name: 'Payments EU', slug: 'payments-eu' },
      },
      {
        action: 'team.member_added',
        actorId: t.ownerId,
        targetLabel: 'payments-eu',
        changes: { member: { id: t.member.userId, email: t.member.email } },
      },
      {
        action: 'team.project_added',
        actorId: t.admin.userId,
        targetLabel: 'payments-eu',
        changes: { project: { id: t.project.id, slug: t.project.slug } },
      },
      {
        action: 'team.updated',
        actorId: t.ownerId,
        targetLabel: 'payments-eu',
        changes: { name: { from: 'Payments EU', to: 'Payments' } },
      },
      {
        action: 'team.updated',
        actorId: t.ownerId,
        targetLabel: 'payments',
        changes: { slug: { from: 'payments-eu', to: 'payments' } },
      },
      {
        action: 'team.member_removed',
        actorId: t.ownerId,
        targetLabel: 'payments',
        changes: { member: { id: t.member.userId, email: t.member.email } },
      },
      {
        action: 'team.project_removed',
        actorId: t.ownerId,
        targetLabel: 'payments',
        changes: { project: { id: t.project.id, slug: t.project.slug } },
      },
      {
        action: 'team.deleted',
        actorId: t.ownerId,
        targetLabel: 'payments',
        changes: { name: 'Payments', slug: 'payments', unassignedIssues: 0 },
      },
    ]);
  });

  it('a person who leaves the organization leaves its teams', async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Web');
    await t.owner.client.request('PUT', `${TEAMS}/${team.id}/members/${t.member.userId}`);
    expect((await t.owner.client.delete(`/api/v1/organization/members/${t.member.userId}`)).status).toBe(200);
    expect((await t.owner.client.get(`${TEAMS}/${team.id}`)).body.data.memberCount).toBe(0);
    expect(await teamsOfUser(t.owner.orgId, t.member.userId)).toEqual([]);
    expect(await membersOfTeam(team.id)).toEqual([]);
  });
});

describe('roles', () => {
  it('MEMBERs read teams and get 403 on every write, nothing changes; ADMINs manage them', async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Core');
    const before = await teamState(t.owner.orgId);
    const writes: [string, () => ReturnType<Client['get']>][] = [
      ['create', () => t.member.client.post(TEAMS, { name: 'Mine' })],
      ['rename', () => t.member.client.patch(`${TEAMS}/${team.id}`, { name: 'Mine' })],
      ['delete', () => t.member.client.delete(`${TEAMS}/${team.id}`)],
      ['add member', () => t.member.client.request('PUT', `${TEAMS}/${team.id}/members/${t.member.userId}`)],
      ['remove member', () => t.member.client.delete(`${TEAMS}/${team.id}/members/${t.member.userId}`)],
      ['add project', () => t.member.client.request('PUT', `${TEAMS}/${team.id}/projects/${t.project.id}`)],
      ['remove project', () => t.member.client.delete(`${TEAMS}/${team.id}/projects/${t.project.id}`)],
    ];
    for (const [label, write] of writes) {
      const res = await write();
      expect({ label, status: res.status, body: res.body }).toEqual({
        label,
        status: 403,
        body: { statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' },
      });
    }
    expect(await teamState(t.owner.orgId)).toEqual(before);
    expect((await t.member.client.get(TEAMS)).status).toBe(200);
    expect((await t.member.client.get(`${TEAMS}/${team.id}`)).status).toBe(200);
    expect((await t.admin.client.post(TEAMS, { name: 'Admins team' })).status).toBe(201);
  });
});

describe('API tokens', () => {
  it('a read token lists teams but cannot write (403); a write token manages them, audited as the token', async () => {
    const t = await org();
    const reader = new TokenClient((await createToken(t.owner.client, ['read'], 'reader')).token);
    const writer = new TokenClient((await createToken(t.owner.client, ['write'], 'writer')).token);
    expect((await reader.get(TEAMS)).status).toBe(200);
    const refused = await reader.post(TEAMS, { name: 'Bots' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API token lacks the "write" scope');
    const made = await writer.post(TEAMS, { name: 'Bots' });
    expect(made.status).toBe(201);
    expect((await writer.request('PUT', `${TEAMS}/${made.body.data.id}/members/${t.member.userId}`)).status).toBe(200);
    const entries = await db.auditLogEntry.findMany({
      where: { orgId: t.owner.orgId, targetId: made.body.data.id },
      select: { action: true, actorType: true, actorLabel: true },
      orderBy: { createdAt: 'asc' },
    });
    expect(entries).toEqual([
      { action: 'team.created', actorType: 'token', actorLabel: 'writer' },
      { action: 'team.member_added', actorType: 'token', actorLabel: 'writer' },
    ]);
  });
});

describe('bad input', () => {
  const v = (path: (string | number)[], message: string) => ({
    statusCode: 400,
    status: 'failed',
    message: 'Validation error',
    error: [{ path, message }],
  });
  it.each<[string, 'POST' | 'PATCH', unknown, number, unknown]>([
    ['no name', 'POST', {}, 400, v(['name'], 'Name is required')],
    ['an empty name', 'POST', { name: '' }, 400, v(['name'], 'Name is required')],
    ['a blank name', 'POST', { name: '   ' }, 400, v(['name'], 'Name is required')],
    [
      'a name of 65 characters',
      'POST',
      { name: 'a'.repeat(65) },
      400,
      v(['name'], 'Name must be at most 64 characters'),
    ],
    ['a name of symbols only', 'POST', { name: '!!!' }, 400, v(['name'], 'Name must contain a letter or a digit')],
    ['a number as name', 'POST', { name: 42 }, 400, v(['name'], 'Name must be a string')],
    ['a NUL in the name', 'POST', { name: 'Pay\u0000ments' }, 400, v(['name'], 'Must not contain control characters')],
    [
      'a slug with spaces',
      'POST',
      { name: 'Ok', slug: 'Bad Slug' },
      400,
      v(['slug'], 'Slug may hold lower-case letters, digits and single hyphens between them'),
    ],
    ['an empty slug', 'POST', { name: 'Ok', slug: '' }, 400, v(['slug'], 'Slug is required')],
    [
      'a taken slug (made from the name)',
      'POST',
      { name: 'Taken!' },
      409,
      {
        statusCode: 409,
        status: 'failed',
        message: 'A team with the slug "taken" already exists in this organization',
      },
    ],
    ['an empty change', 'PATCH', {}, 400, v([], 'Give a name or a slug')],
    ['a rename to an empty name', 'PATCH', { name: '' }, 400, v(['name'], 'Name is required')],
    [
      'a slug taken by another team',
      'PATCH',
      { slug: 'taken' },
      409,
      {
        statusCode: 409,
        status: 'failed',
        message: 'A team with the slug "taken" already exists in this organization',
      },
    ],
    [
      'malformed JSON',
      'POST',
      '{"name":',
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: [], message: 'Malformed JSON body' }],
      },
    ],
  ])('%s, nothing changes', async (_label, method, body, status, expected) => {
    const t = await org();
    await createTeam(t.owner.client, 'Taken');
    const mine = await createTeam(t.owner.client, 'Mine');
    const before = await teamState(t.owner.orgId);
    const res = await t.owner.client.request(method, method === 'POST' ? TEAMS : `${TEAMS}/${mine.id}`, { body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(expected);
    expect(await teamState(t.owner.orgId)).toEqual(before);
  });

  it('a 64-character name is accepted; a name made the same slug as another team is a 409', async () => {
    const t = await org();
    expect((await t.owner.client.post(TEAMS, { name: 'a'.repeat(64) })).status).toBe(201);
    await createTeam(t.owner.client, 'Web App');
    const res = await t.owner.client.post(TEAMS, { name: 'web  app' });
    expect(res.status).toBe(409);
  });

  it('concurrent creates of one name: exactly one team, the others 409', async () => {
    const t = await org();
    const results = await Promise.all(
      [t.owner.client, t.admin.client, t.owner.client, t.admin.client].map((c) => c.post(TEAMS, { name: 'Race' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('A team with the slug "race" already exists in this organization');
    expect(await db.team.count({ where: { orgId: t.owner.orgId } })).toBe(1);
    expect(await db.auditLogEntry.count({ where: { orgId: t.owner.orgId, action: 'team.created' } })).toBe(1);
  });

  it('the same slug in two organizations is fine', async () => {
    const a = await signUp();
    const b = await signUp();
    expect((await a.client.post(TEAMS, { name: 'Payments' })).status).toBe(201);
    expect((await b.client.post(TEAMS, { name: 'Payments' })).status).toBe(201);
  });

  it('unknown team, member or project: 404 naming it, nothing changes', async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Core');
    const before = await teamState(t.owner.orgId);
    const cases: [string, () => ReturnType<Client['get']>, string][] = [
      ['get', () => t.owner.client.get(`${TEAMS}/nope`), 'Team not found'],
      ['rename', () => t.owner.client.patch(`${TEAMS}/nope`, { name: 'x' }), 'Team not found'],
      ['delete', () => t.owner.client.delete(`${TEAMS}/nope`), 'Team not found'],
      [
        'add to no team',
        () => t.owner.client.request('PUT', `${TEAMS}/nope/members/${t.member.userId}`),
        'Team not found',
      ],
      ['add no one', () => t.owner.client.request('PUT', `${TEAMS}/${team.id}/members/nobody`), 'Member not found'],
      [
        'remove a non-member',
        () => t.owner.client.delete(`${TEAMS}/${team.id}/members/${t.member.userId}`),
        'Team member not found',
      ],
      ['add no project', () => t.owner.client.request('PUT', `${TEAMS}/${team.id}/projects/nope`), 'Project not found'],
      [
        'remove a project it lacks',
        () => t.owner.client.delete(`${TEAMS}/${team.id}/projects/${t.project.id}`),
        'Team project not found',
      ],
    ];
    for (const [label, call, message] of cases) {
      const res = await call();
      expect({ label, status: res.status, body: res.body }).toEqual({
        label,
        status: 404,
        body: { statusCode: 404, status: 'failed', message },
      });
    }
    expect(await teamState(t.owner.orgId)).toEqual(before);
  });
});

describe('another organization', () => {
  it("reaches none of this organization's teams, and can add none of its people or projects", async () => {
    const t = await org();
    const team = await createTeam(t.owner.client, 'Core');
    await t.owner.client.request('PUT', `${TEAMS}/${team.id}/members/${t.member.userId}`);
    const issue = await seedIssue(t.project.id);
    const stranger = await signUp({ name: 'Stan Stranger' });
    await setPlan(stranger.orgId, 'PRO');
    const theirProject = await createProject(stranger.client, 'Theirs');
    const theirIssue = await seedIssue(theirProject.id);
    const theirTeam = await createTeam(stranger.client, 'Theirs');
    const mine = await teamState(t.owner.orgId);
    const theirs = await teamState(stranger.orgId);

    const s = stranger.client;
    const notFound: [string, () => ReturnType<Client['get']>, string][] = [
      ['get', () => s.get(`${TEAMS}/${team.id}`), 'Team not found'],
      ['rename', () => s.patch(`${TEAMS}/${team.id}`, { name: 'Mine now' }), 'Team not found'],
      ['delete', () => s.delete(`${TEAMS}/${team.id}`), 'Team not found'],
      ['add self', () => s.request('PUT', `${TEAMS}/${team.id}/members/${stranger.user.id}`), 'Team not found'],
      ['remove a member', () => s.delete(`${TEAMS}/${team.id}/members/${t.member.userId}`), 'Team not found'],
      ['add a project', () => s.request('PUT', `${TEAMS}/${team.id}/projects/${theirProject.id}`), 'Team not found'],
      ['remove a project', () => s.delete(`${TEAMS}/${team.id}/projects/${t.project.id}`), 'Team not found'],
      // Their own team, with this organization's person or project.
      [
        'add our member',
        () => s.request('PUT', `${TEAMS}/${theirTeam.id}/members/${t.member.userId}`),
        'Member not found',
      ],
      [
        'add our project',
        () => s.request('PUT', `${TEAMS}/${theirTeam.id}/projects/${t.project.id}`),
        'Project not found',
      ],
      [
        'assign our issue',
        () =>
          s.request('PUT', `/api/v1/projects/${t.project.id}/issues/${issue.id}/assignee`, {
            body: { teamId: theirTeam.id },
          }),
        'Project not found',
      ],
    ];
    for (const [label, call, message] of notFound) {
      const res = await call();
      expect({ label, status: res.status, body: res.body }).toEqual({
        label,
        status: 404,
        body: { statusCode: 404, status: 'failed', message },
      });
    }
    // Their issue, our team: the same 400 as a person from outside.
    const res = await s.request('PUT', `/api/v1/projects/${theirProject.id}/issues/${theirIssue.id}/assignee`, {
      body: { teamId: team.id },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'The team must belong to this organization',
    });
    // Our list shows only our teams, theirs only theirs.
    expect((await s.get(TEAMS)).body.data.map((x: { id: string }) => x.id)).toEqual([theirTeam.id]);
    expect(await teamState(t.owner.orgId)).toEqual(mine);
    expect(await teamState(stranger.orgId)).toEqual(theirs);
  });
});

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
