// #48: the organization's audit log. A token is named by its name; a refused action writes nothing; a MEMBER gets 403;
// another organization sees none of it; the filters, the cursor and the retention period hold.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import { TestClient, type ApiResponse } from '../support/client';
import { signUp } from '../support/accounts';
import { entries, useAuditLogEnv, type Entry } from '../support/audit-log';
import { inviteAndJoin } from '../support/teams';

useAuditLogEnv();

describe('audit log', () => {
  it('a token acting is named by its name', async () => {
    const s = await signUp();
    const made = await s.client.post('/api/v1/organization/tokens', { name: 'deploy bot', scopes: ['write'] });
    const bot = new TestClient();
    const res = await bot.post(
      '/api/v1/projects',
      { name: 'From CI' },
      { headers: { authorization: `Bearer ${made.body.data.token}` } },
    );
    expect(res.status, res.text).toBe(201);
    const [entry] = await entries(s.client, '?action=project.created');
    expect(entry).toMatchObject({
      actorType: 'token',
      actorId: made.body.data.id,
      actorLabel: 'deploy bot',
      ipAddress: bot.address,
      targetId: res.body.data.id,
    });
  });

  it('a refused or unchanged action writes no entry', async () => {
    const owner = await signUp();
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const before = await entries(owner.client);
    // A MEMBER cannot change roles; an ADMIN cannot make an OWNER; nobody demotes the last owner.
    expect((await member.client.patch(`/api/v1/organization/members/${admin.userId}`, { role: 'MEMBER' })).status).toBe(
      403,
    );
    expect((await admin.client.patch(`/api/v1/organization/members/${member.userId}`, { role: 'OWNER' })).status).toBe(
      403,
    );
    expect((await owner.client.patch(`/api/v1/organization/members/${owner.user.id}`, { role: 'ADMIN' })).status).toBe(
      400,
    );
    // Only an OWNER changes the scrubbing requirement; an unknown project's key is 404.
    expect((await admin.client.patch('/api/v1/organization/privacy', { requireScrubbing: true })).status).toBe(403);
    expect((await owner.client.post('/api/v1/projects/nope/keys', { label: 'x' })).status).toBe(404);
    // Setting what is already set changes nothing and records nothing.
    expect((await owner.client.patch(`/api/v1/organization/members/${member.userId}`, { role: 'MEMBER' })).status).toBe(
      200,
    );
    expect((await owner.client.patch('/api/v1/organization/privacy', { requireScrubbing: false })).status).toBe(200);
    expect(await entries(owner.client)).toEqual(before);
  });

  it('a MEMBER gets 403; another organization sees none of it', async () => {
    const owner = await signUp();
    await owner.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    const other = await signUp();
    expect(await entries(other.client, '?action=token')).toEqual([]);
    // Not even by naming the first organization's token as a target.
    const [mine] = await entries(owner.client, '?action=token');
    expect(await entries(other.client, `?target=${mine.targetId}`)).toEqual([]);
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const res = await member.client.get('/api/v1/organization/audit-log');
    expect([res.status, res.body.message]).toEqual([403, expect.stringMatching(/ADMIN/i)]);
    // An ADMIN reads it.
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    expect((await entries(admin.client)).map((e) => e.action)).toContain('token.created');
  });

  it('filters by area, action, actor, target and time, and pages by cursor', async () => {
    const owner = await signUp();
    const admin = await inviteAndJoin(owner.client, 'ADMIN');
    const m = await inviteAndJoin(owner.client, 'MEMBER');
    await admin.client.patch(`/api/v1/organization/members/${m.userId}`, { role: 'ADMIN' });
    await owner.client.post('/api/v1/organization/tokens', { name: 'ci', scopes: ['read'] });
    // (Sign-ins are recorded too: these checks read the member and token areas.)
    const all = (await entries(owner.client)).filter((e) => /^(member|token)\./.test(e.action));
    expect(all.map((e) => e.action)).toEqual([
      'token.created',
      'member.role_changed',
      'member.joined',
      'member.invited',
      'member.joined',
      'member.invited',
    ]);
    expect((await entries(owner.client, '?action=member')).map((e) => e.id)).toEqual(all.slice(1).map((e) => e.id));
    expect((await entries(owner.client, '?action=token')).map((e) => e.id)).toEqual([all[0].id]);
    expect((await entries(owner.client, '?action=member.role_changed')).map((e) => e.id)).toEqual([all[1].id]);
    // The actor by part of their email, any case, or by id.
    const byAdmin = await entries(owner.client, `?actor=${encodeURIComponent(admin.email.slice(0, 12).toUpperCase())}`);
    expect(byAdmin.map((e) => e.action)).toEqual(['member.role_changed', 'member.joined']);
    expect((await entries(owner.client, `?actor=${admin.userId}`)).map((e) => e.id)).toEqual(byAdmin.map((e) => e.id));
    // The target by id or label.
    expect((await entries(owner.client, `?target=${m.userId}`)).map((e) => e.action)).toEqual([
      'member.role_changed',
      'member.joined',
    ]);
    expect((await entries(owner.client, `?target=${encodeURIComponent(m.email)}`)).length).toBe(3);
    // Time: since is inclusive, until exclusive.
    const at = all[1].createdAt;
    const ids = (l: Entry[]) => l.map((e) => e.id);
    expect(ids(await entries(owner.client, `?action=member&since=${at}`))).toEqual([all[1].id]);
    expect(ids(await entries(owner.client, `?action=member&until=${at}`))).toEqual(ids(all.slice(2)));
    // Pages of two, newest first, until the cursor runs out.
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await owner.client.get('/api/v1/organization/audit-log', {
        query: { action: 'member', limit: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      pages.push(ids(res.body.data.entries));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(pages).toEqual([all.slice(1, 3), all.slice(3, 5), all.slice(5, 6)].map(ids));
    // A bad filter is a 400 naming it.
    const bad = await owner.client.get('/api/v1/organization/audit-log?action=nope');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('action must be one of');
  });

  it('entries older than AUDIT_LOG_RETENTION_DAYS are purged', async () => {
    const s = await signUp();
    const DAY = 86_400_000;
    const at = (days: number) => new Date(clock.nowMs() - days * DAY);
    const make = (days: number) =>
      db.auditLogEntry.create({
        data: { orgId: s.orgId, actorType: 'system', action: 'org.sso_changed', createdAt: at(days) },
      });
    const [old, year, recent] = await Promise.all([make(400), make(300), make(10)]);
    const kept = async () => (await entries(s.client, '?action=org.sso_changed')).map((e) => e.id);
    expect(await kept()).toEqual([recent.id, year.id, old.id]);
    // The audit log is purged in the whole-instance run (the nightly job's).
    await purgeOldData();
    // Default: 365 days.
    expect(await kept()).toEqual([recent.id, year.id]);
    process.env.AUDIT_LOG_RETENTION_DAYS = '30';
    await purgeOldData();
    expect(await kept()).toEqual([recent.id]);
  });
});
