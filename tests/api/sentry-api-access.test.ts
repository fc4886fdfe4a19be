// #63: who may call Sentry's management API and what a refusal looks like. Another organization's token: an
// organization path that is not its own is 403 (Sentry's answer to a token of another organization), an issue, event,
// short id or trace of another organization inside its own paths is 404, `/issues/{id}/` of another organization's
// existing issue is 403; a bulk change naming another organization's issues changes nothing (204, as Sentry). A
// token without the scope a method needs is 403 naming it; deleting takes an ADMIN; nothing changes.
// (Malformed requests: sentry-api-refusals.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '@/lib/api-tokens/create-api-token';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { FORBIDDEN, NOT_FOUND, orgWithIssue, snapshot, type Org } from '../support/sentry-api-orgs';
import { createToken, TokenClient } from '../support/tokens';

let a: Org;
let b: Org;
let aRead: TokenClient;
let aReleases: TokenClient;
let bWrite: TokenClient;
let memberWrite: TokenClient;

beforeAll(async () => {
  const ao = await orgWithIssue('Acme', 'a'.repeat(32));
  const bo = await orgWithIssue('Bolt', 'b'.repeat(32));
  a = ao;
  b = bo;
  aRead = new TokenClient((await createToken(ao.owner.client, ['read'])).token);
  aReleases = new TokenClient((await createToken(ao.owner.client, ['releases'])).token);
  bWrite = new TokenClient((await createToken(bo.owner.client, ['read', 'write'])).token);
  // A MEMBER of Acme with a write token.
  const member = await signUp({ name: 'Member' });
  await db.membership.create({ data: { orgId: ao.owner.orgId, userId: member.user.id, role: 'MEMBER' } });
  // Made while they were an ADMIN (only ADMINs make tokens); a token acts with its owner's role now.
  const made = await createApiToken(
    { orgId: ao.owner.orgId, userId: member.user.id, role: 'ADMIN' },
    { name: 'member', scopes: ['read', 'write'] },
  );
  memberWrite = new TokenClient(made.token);
}, 120_000);

describe('another organization', () => {
  it('is refused at every route, as Sentry answers, and nothing of ours changes', async () => {
    const before = await snapshot(a.project.id);
    const o = `/api/0/organizations/${a.slug}`;
    const mine = `/api/0/organizations/${b.slug}`;
    const n = a.issue.number;
    const cases: [string, () => Promise<{ status: number; body: unknown }>, number, unknown][] = [
      ['their organization', () => bWrite.get(`${o}/`), 403, FORBIDDEN],
      ['their projects', () => bWrite.get(`${o}/projects/`), 403, FORBIDDEN],
      ['their members', () => bWrite.get(`${o}/members/`), 403, FORBIDDEN],
      ['their issue list', () => bWrite.get(`${o}/issues/`), 403, FORBIDDEN],
      ['their issue', () => bWrite.get(`${o}/issues/${n}/`), 403, FORBIDDEN],
      [
        'their bulk change',
        () => bWrite.request('PUT', `${o}/issues/?id=${n}`, { body: { status: 'resolved' } }),
        403,
        FORBIDDEN,
      ],
      [
        'their issue change',
        () => bWrite.request('PUT', `${o}/issues/${n}/`, { body: { status: 'resolved' } }),
        403,
        FORBIDDEN,
      ],
      ['their project', () => bWrite.get(`/api/0/projects/${a.slug}/${a.project.slug}/`), 403, FORBIDDEN],
      [
        'their project bulk change',
        () =>
          bWrite.request('PUT', `/api/0/projects/${a.slug}/${a.project.slug}/issues/?id=${n}`, {
            body: { status: 'ignored' },
          }),
        403,
        FORBIDDEN,
      ],
      [
        'their event',
        () => bWrite.get(`/api/0/projects/${a.slug}/${a.project.slug}/events/${a.issue.eventId}/`),
        403,
        FORBIDDEN,
      ],
      ['an organization that does not exist', () => bWrite.get('/api/0/organizations/no-such-org/'), 404, NOT_FOUND],
      ['their issue by number in our path', () => bWrite.get(`${mine}/issues/${n}/`), 404, NOT_FOUND],
      ['their issue by short id in our path', () => bWrite.get(`${mine}/issues/${a.issue.shortId}/`), 404, NOT_FOUND],
      ['their issue events in our path', () => bWrite.get(`${mine}/issues/${n}/events/latest/`), 404, NOT_FOUND],
      ['their issue tags in our path', () => bWrite.get(`${mine}/issues/${n}/tags/`), 404, NOT_FOUND],
      ['their issue deleted in our path', () => bWrite.delete(`${mine}/issues/${n}/`), 404, NOT_FOUND],
      ['their issue by number, unscoped', () => bWrite.get(`/api/0/issues/${n}/`), 403, FORBIDDEN],
      [
        'their issue changed, unscoped',
        () => bWrite.request('PUT', `/api/0/issues/${n}/`, { body: { status: 'resolved' } }),
        403,
        FORBIDDEN,
      ],
      ['their short id, unscoped', () => bWrite.get(`/api/0/issues/${a.issue.shortId}/`), 404, NOT_FOUND],
      ['their short id lookup', () => bWrite.get(`${mine}/shortids/${a.issue.shortId}/`), 404, NOT_FOUND],
      ['their event id lookup', () => bWrite.get(`${mine}/eventids/${a.issue.eventId}/`), 404, NOT_FOUND],
      [
        'their event in our project',
        () => bWrite.get(`/api/0/projects/${b.slug}/${b.project.slug}/events/${a.issue.eventId}/`),
        404,
        NOT_FOUND,
      ],
      [
        'their event as project:id',
        () => bWrite.get(`${mine}/events/${a.project.slug}:${a.issue.eventId}/`),
        404,
        NOT_FOUND,
      ],
      ['their trace', () => bWrite.get(`${mine}/trace/${a.issue.eventId}/`), 404, NOT_FOUND],
      [
        'their issues in our bulk change',
        () => bWrite.request('PUT', `${mine}/issues/?id=${n}`, { body: { status: 'resolved' } }),
        204,
        undefined,
      ],
      ['their issues in our bulk delete', () => bWrite.delete(`${mine}/issues/?id=${n}`), 204, undefined],
      [
        'their issues in our project bulk change',
        () =>
          bWrite.request('PUT', `/api/0/projects/${b.slug}/${b.project.slug}/issues/?id=${n}`, {
            body: { isBookmarked: true },
          }),
        204,
        undefined,
      ],
    ];
    for (const [label, call, status, body] of cases) {
      const res = await call();
      expect([res.status, res.body], label).toEqual([status, body]);
    }
    // Their own search finds none of ours.
    const searched = await bWrite.get(`${mine}/issues/?query=CartError`);
    expect(searched.body.map((i: { id: string }) => i.id)).toEqual([b.issue.number]);
    expect(await snapshot(a.project.id)).toEqual(before);
  });
});

describe('scopes and roles', () => {
  it('a read token reads but changes nothing; a releases token reads no issues; a member deletes none', async () => {
    const before = await snapshot(a.project.id);
    const o = `/api/0/organizations/${a.slug}`;
    const p = `/api/0/projects/${a.slug}/${a.project.slug}`;
    const n = a.issue.number;
    const lacks = (scope: string) => ({ detail: `This API token lacks the "${scope}" scope` });
    const cases: [string, () => Promise<{ status: number; body: unknown }>, number, unknown][] = [
      [
        'read: bulk change',
        () => aRead.request('PUT', `${o}/issues/?id=${n}`, { body: { status: 'resolved' } }),
        403,
        lacks('write'),
      ],
      [
        'read: project bulk change',
        () => aRead.request('PUT', `${p}/issues/?id=${n}`, { body: { status: 'resolved' } }),
        403,
        lacks('write'),
      ],
      [
        'read: change',
        () => aRead.request('PUT', `${o}/issues/${n}/`, { body: { hasSeen: true } }),
        403,
        lacks('write'),
      ],
      ['read: delete', () => aRead.delete(`${o}/issues/${n}/`), 403, lacks('write')],
      ['read: bulk delete', () => aRead.delete(`${p}/issues/?id=${n}`), 403, lacks('write')],
      ['releases: issue list', () => aReleases.get(`${o}/issues/`), 403, lacks('read')],
      ['releases: an event', () => aReleases.get(`${p}/events/${a.issue.eventId}/`), 403, lacks('read')],
      [
        'member: delete',
        () => memberWrite.delete(`${o}/issues/${n}/`),
        403,
        { detail: 'This action requires the ADMIN role' },
      ],
      [
        'member: bulk delete',
        () => memberWrite.delete(`${p}/issues/?id=${n}`),
        403,
        { detail: 'This action requires the ADMIN role' },
      ],
      ['no token', () => new TestClient().get(`${o}/issues/`), 401, { detail: 'You need to be logged in!' }],
      [
        'a revoked or made-up token',
        () => new TokenClient('trk_nothing').get(`${o}/issues/`),
        401,
        { detail: 'Invalid or revoked API token' },
      ],
    ];
    for (const [label, call, status, body] of cases) {
      const res = await call();
      expect([res.status, res.body], label).toEqual([status, body]);
    }
    expect((await aRead.get(`${o}/issues/${n}/`)).status).toBe(200);
    expect((await aReleases.get('/api/0/')).body.auth.scopes).toEqual(['org:ci', 'project:releases']);
    expect((await memberWrite.request('PUT', `${o}/issues/${n}/`, { body: { hasSeen: true } })).status).toBe(200);
    await db.issueSeen.deleteMany({});
    expect(await snapshot(a.project.id)).toEqual({ ...before, issues: expect.any(Array) });
    expect((await snapshot(a.project.id)).issues.map((i) => i.status)).toEqual(before.issues.map((i) => i.status));
  });
});
