// Organization members (#49): the last owner stays, roles bound who may remove or demote whom, and deleting the
// organization (OWNER only, a PRO organization cancels first) takes everything with it.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { inviteAndJoin, invitePath, orgState, tokenOf } from '../support/teams';
import { createProject, setPlan } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

describe('members: roles, leaving, removal', () => {
  it('the last owner can neither leave nor be demoted; with a second owner both work', async () => {
    const owner = await signUp({ name: 'Solo' });
    const me = (await owner.client.get('/api/v1/auth/me')).body.data;
    const before = await orgState(owner.orgId);
    const leave = await owner.client.post('/api/v1/organization/leave');
    expect(leave.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'The last owner cannot leave the organization',
    });
    const demote = await owner.client.patch(`/api/v1/organization/members/${me.id}`, { role: 'ADMIN' });
    expect(demote.body).toEqual({ statusCode: 400, status: 'failed', message: 'The last owner cannot be demoted' });
    expect(await orgState(owner.orgId)).toEqual(before);

    const second = await inviteAndJoin(owner.client, 'ADMIN');
    const adminPromotes = await second.client.patch(`/api/v1/organization/members/${second.userId}`, { role: 'OWNER' });
    expect(adminPromotes.body.message).toBe('This action requires the OWNER role');
    expect((await owner.client.patch(`/api/v1/organization/members/${second.userId}`, { role: 'OWNER' })).status).toBe(
      200,
    );
    expect((await owner.client.patch(`/api/v1/organization/members/${me.id}`, { role: 'ADMIN' })).status).toBe(200);
    const left = await owner.client.post('/api/v1/organization/leave');
    expect(left.status).toBe(200);
    // Their only organization gone, they get a new one of their own (as at sign-up), empty and theirs.
    const after = (await owner.client.get('/api/v1/auth/me')).body.data;
    expect(after.organization.id).not.toBe(owner.orgId);
    expect(after.organization.name).toBe("Solo's organization");
    expect(after.organizations).toEqual([expect.objectContaining({ id: after.organization.id, role: 'OWNER' })]);
    const projects = await owner.client.get('/api/v1/projects');
    expect(projects.status).toBe(200);
    expect(projects.body.data).toEqual([]);
    const members = await second.client.get('/api/v1/organization/members');
    expect(members.body.data.map((m: { userId: string }) => m.userId)).toEqual([second.userId]);
  });

  it('an ADMIN cannot remove or demote an OWNER (403); a MEMBER can leave', async () => {
    const owner = await signUp();
    const ownerId = (await owner.client.get('/api/v1/auth/me')).body.data.id;
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    for (const res of [
      await admin.client.delete(`/api/v1/organization/members/${ownerId}`),
      await admin.client.patch(`/api/v1/organization/members/${ownerId}`, { role: 'MEMBER' }),
    ]) {
      expect(res.body).toEqual({ statusCode: 403, status: 'failed', message: 'This action requires the OWNER role' });
    }
    expect((await member.client.post('/api/v1/organization/leave')).status).toBe(200);
    const members = await owner.client.get('/api/v1/organization/members');
    expect(members.body.data.map((m: { role: string }) => m.role)).toEqual(['OWNER', 'ADMIN']);
  });

  it('unknown member id is 404; a bad role is 400', async () => {
    const owner = await signUp();
    expect((await owner.client.patch('/api/v1/organization/members/nobody', { role: 'ADMIN' })).status).toBe(404);
    expect((await owner.client.delete('/api/v1/organization/members/nobody')).status).toBe(404);
    const m = await inviteAndJoin(owner.client, 'MEMBER');
    const bad = await owner.client.patch(`/api/v1/organization/members/${m.userId}`, { role: 'KING' });
    expect(bad.status).toBe(400);
    expect(bad.body.error[0].path).toEqual(['role']);
  });
});

describe('deleting the organization', () => {
  it('OWNER only (403 for ADMIN and MEMBER); a PRO organization must cancel first (400); then everything goes', async () => {
    const owner = await signUp({ name: 'Dora' });
    const project = await createProject(owner.client);
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const other = await signUp({ name: 'Other' });
    const inviteForOther = await owner.client.post('/api/v1/organization/invites', {
      email: other.email,
      role: 'MEMBER',
    });
    expect((await other.client.post(`${invitePath(tokenOf(inviteForOther.body.data.url))}/accept`)).status).toBe(200);

    const before = await orgState(owner.orgId);
    for (const c of [admin.client, member.client]) {
      expect((await c.delete('/api/v1/organization')).body).toEqual({
        statusCode: 403,
        status: 'failed',
        message: 'This action requires the OWNER role',
      });
    }
    expect(await orgState(owner.orgId)).toEqual(before);
    await setPlan(owner.orgId, 'PRO');
    const onPro = await orgState(owner.orgId);
    const pro = await owner.client.delete('/api/v1/organization');
    expect(pro.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Cancel the PRO subscription in the billing portal before deleting the organization',
    });
    expect(await orgState(owner.orgId)).toEqual(onPro);
    await setPlan(owner.orgId, 'FREE');

    expect((await owner.client.delete('/api/v1/organization')).status).toBe(200);
    expect(await db.organization.findUnique({ where: { id: owner.orgId } })).toBeNull();
    expect(await db.project.count({ where: { id: project.id } })).toBe(0);
    expect(
      (
        await send({
          client: owner.client,
          projectId: project.id,
          key: project.keys[0].publicKey,
          body: errorEnvelope(),
        })
      ).status,
    ).toBe(401);
    expect((await owner.client.get('/api/v1/auth/me')).body.data).toMatchObject({
      organization: null,
      organizations: [],
    });
    // A member who also had an organization of their own is back in it.
    expect((await other.client.get('/api/v1/auth/me')).body.data.organization.id).toBe(other.orgId);
    expect((await other.client.get('/api/v1/projects')).status).toBe(200);
  });
});
