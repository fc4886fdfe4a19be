// Teams (#49): CRUD, roles and API tokens, each write audited.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { teamsOfUser, membersOfTeam } from '@/lib/teams/team-members';
import { auditOf, createTeam, org, TEAMS, teamState } from '../support/teams';
import { createToken, TokenClient } from '../support/tokens';
import type { TestClient as Client } from '../support/client';

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
