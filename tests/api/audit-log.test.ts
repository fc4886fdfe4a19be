// #48: the organization's audit log. Each security-relevant action is performed through the API and its entry read
// back (who, from which address, what changed); a MEMBER gets 403, another organization sees none of it.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';

type Entry = {
  action: string;
  actorLabel: string;
  actorType: string;
  targetId: string;
  ipAddress: string;
  changes: unknown;
};

async function entries(client: Awaited<ReturnType<typeof signUp>>['client'], query = '') {
  const res = await client.get(`/api/v1/organization/audit-log${query}`);
  expect(res.status).toBe(200);
  return res.body.data.entries as Entry[];
}

describe('audit log', () => {
  it.each([
    [
      'token.created',
      async (s: Awaited<ReturnType<typeof signUp>>) => {
        const res = await s.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
        expect(res.status).toBe(201);
        return { targetId: res.body.data.id, changes: { scopes: ['read'] } };
      },
    ],
    [
      'token.revoked',
      async (s: Awaited<ReturnType<typeof signUp>>) => {
        const made = await s.client.post('/api/v1/organization/tokens', { name: 'old', scopes: ['read'] });
        const res = await s.client.delete(`/api/v1/organization/tokens/${made.body.data.id}`);
        expect(res.status).toBe(200);
        return { targetId: made.body.data.id, changes: null };
      },
    ],
  ])('%s: the entry names who, where and what', async (action, perform) => {
    const s = await signUp();
    const expected = await perform(s);
    const [entry] = await entries(s.client, `?action=${action}`);
    expect(entry).toMatchObject({
      action,
      actorType: 'user',
      actorLabel: s.email,
      // The address our server stamps on the caller's requests.
      ipAddress: s.client.address,
      targetId: expected.targetId,
      changes: expected.changes,
    });
  });

  it('a MEMBER gets 403; another organization sees none of it', async () => {
    const owner = await signUp();
    await owner.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    const other = await signUp();
    expect(await entries(other.client)).toEqual([]);
    const member = await signUp();
    await db.membership.create({ data: { orgId: owner.orgId, userId: member.user.id, role: 'MEMBER' } });
    await db.session.updateMany({ where: { userId: member.user.id }, data: { activeOrgId: owner.orgId } });
    const res = await member.client.get('/api/v1/organization/audit-log');
    expect(res.status).toBe(403);
  });
});
