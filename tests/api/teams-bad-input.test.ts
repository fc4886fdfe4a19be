// Teams (#49): bad input, and every path from another organization.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { createTeam, org, seedIssue, TEAMS, teamState } from '../support/teams';
import type { TestClient as Client } from '../support/client';

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
