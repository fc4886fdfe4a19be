// #63: who may call Sentry's management API and what a refusal looks like. Another organization's token: an
// organization path that is not its own is 403 (Sentry's answer to a token of another organization), an issue, event,
// short id or trace of another organization inside its own paths is 404, `/issues/{id}/` of another organization's
// existing issue is 403; a bulk change naming another organization's issues changes nothing (204, as Sentry). A
// token without the scope a method needs is 403 naming it; deleting takes an ADMIN. Every malformed input is a 400
// (or 404/413/415) with Sentry's `{"detail": …}` and nothing else, and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '@/lib/api-tokens/create-api-token';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { createToken, TokenClient } from '../support/tokens';
import { errorEnvelope, send } from './ingest-helpers';

type Org = {
  slug: string;
  project: Awaited<ReturnType<typeof createProject>>;
  issue: { number: string; shortId: string; eventId: string };
};
let a: Org;
let b: Org;
let aWrite: TokenClient;
let aRead: TokenClient;
let aReleases: TokenClient;
let bWrite: TokenClient;
let memberWrite: TokenClient;

async function orgWithIssue(
  name: string,
  eventId: string,
): Promise<Org & { owner: Awaited<ReturnType<typeof signUp>> }> {
  const owner = await signUp({ name });
  const project = await createProject(owner.client, `${name} shop`);
  const slug = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  for (const type of ['CartError', 'TaxError'])
    await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope({
        timestamp: Date.now() - 60_000,
        event_id: type === 'CartError' ? eventId : undefined,
        contexts: { trace: { trace_id: eventId, span_id: 'b'.repeat(16) } },
        exception: { type, value: 'x', stacktrace: { frames: [{ filename: 'a.js', lineno: 1, function: type }] } },
      }),
    });
  const issue = await db.issue.findFirstOrThrow({
    where: { projectId: project.id, title: { startsWith: 'CartError' } },
  });
  const shortId = `${project.slug.toUpperCase()}-${issue.number.toString(32).toUpperCase()}`;
  return { owner, slug, project, issue: { number: String(issue.number), shortId, eventId } };
}

/** Everything a refused request could have changed in the organization. */
async function snapshot(projectId: string) {
  return {
    issues: await db.issue.findMany({
      where: { projectId },
      orderBy: { number: 'asc' },
      select: { number: true, status: true, assigneeId: true, eventCount: true, updatedAt: true },
    }),
    marks: (await db.issueBookmark.count()) + (await db.issueSeen.count()),
    activity: await db.issueActivity.count({ where: { issue: { projectId } } }),
  };
}

beforeAll(async () => {
  const ao = await orgWithIssue('Acme', 'a'.repeat(32));
  const bo = await orgWithIssue('Bolt', 'b'.repeat(32));
  a = ao;
  b = bo;
  aWrite = new TokenClient((await createToken(ao.owner.client, ['read', 'write'])).token);
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
  // The short id as the API names it.
  a.issue.shortId = (await aWrite.get(`/api/0/organizations/${a.slug}/issues/${a.issue.number}/`)).body.shortId;
  b.issue.shortId = (await bWrite.get(`/api/0/organizations/${b.slug}/issues/${b.issue.number}/`)).body.shortId;
}, 120_000);

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const NOT_FOUND = { detail: 'The requested resource does not exist' };

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

describe('malformed requests', () => {
  it('each is answered with its status and Sentry’s {detail}, and nothing changes', async () => {
    const before = await snapshot(a.project.id);
    const o = `/api/0/organizations/${a.slug}`;
    const p = `/api/0/projects/${a.slug}/${a.project.slug}`;
    const n = a.issue.number;
    const put = (url: string, body: unknown) => () => aWrite.request('PUT', url, { body });
    const d = (detail: string) => ({ detail });
    const cases: [string, () => Promise<{ status: number; body: unknown }>, number, unknown][] = [
      ['a cursor that is not one', () => aWrite.get(`${o}/issues/?cursor=abc`), 400, d('Invalid cursor parameter.')],
      [
        'an unknown sort',
        () => aWrite.get(`${o}/issues/?sort=priority`),
        400,
        d('Invalid sort "priority": use date, new, freq, user'),
      ],
      [
        'a period that is not one',
        () => aWrite.get(`${o}/issues/?statsPeriod=soon`),
        400,
        d('Invalid statsPeriod "soon": use a number and s, m, h, d or w, e.g. 14d'),
      ],
      [
        'an unknown stats period',
        () => aWrite.get(`${o}/issues/?groupStatsPeriod=1y`),
        400,
        d("Invalid stats_period. Valid choices are '', '24h', '14d'"),
      ],
      [
        'start without end',
        () => aWrite.get(`${o}/issues/?start=2026-01-01T00:00:00`),
        400,
        d('start and end go together'),
      ],
      [
        'a date that is not one',
        () => aWrite.get(`${o}/issues/?start=yesterday&end=today`),
        400,
        d('start: must be an ISO 8601 date; end: must be an ISO 8601 date'),
      ],
      [
        'a project id that is not a number',
        () => aWrite.get(`${o}/issues/?project=shop`),
        400,
        d('project.0: must be numeric project ids (-1 for all)'),
      ],
      ['a project of nobody', () => aWrite.get(`${o}/issues/?project=99999999`), 403, FORBIDDEN],
      [
        'a search term we cannot answer',
        () => aWrite.get(`${o}/issues/?query=has:browser`),
        400,
        d('Invalid search query: "has:" is not supported by this server (docs/api-compat.md lists the search terms)'),
      ],
      [
        'an unclosed quote',
        () => aWrite.get(`${p}/issues/?query=%22card`),
        400,
        d('Invalid search query: Unclosed quote (in ""card")'),
      ],
      ['an issue id that is no id', () => aWrite.get(`${o}/issues/not-an-issue!/`), 404, NOT_FOUND],
      ['an issue that does not exist', () => aWrite.get(`${o}/issues/99999999/`), 404, NOT_FOUND],
      ['a tag the issue never had', () => aWrite.get(`${o}/issues/${n}/tags/nope/`), 404, NOT_FOUND],
      ['an event that does not exist', () => aWrite.get(`${p}/events/${'c'.repeat(32)}/`), 404, NOT_FOUND],
      [
        'a search of an issue’s events',
        () => aWrite.get(`${o}/issues/${n}/events/?query=x`),
        400,
        d('Searching an issue’s events is not supported: filter by environment or period'),
      ],
      [
        'an unknown status',
        put(`${o}/issues/${n}/`, { status: 'closed' }),
        400,
        d('status: status must be resolved, resolvedInNextRelease, unresolved or ignored'),
      ],
      [
        'a field we do not have',
        put(`${o}/issues/${n}/`, { isPublic: true }),
        400,
        d('isPublic is not supported by this server (docs/api-compat.md)'),
      ],
      ['an unknown field', put(`${o}/issues/${n}/`, { colour: 'red' }), 400, d('body: Unrecognized key: "colour"')],
      [
        'nothing to change',
        put(`${o}/issues/${n}/`, {}),
        400,
        d('Nothing to change: give status, assignedTo, hasSeen or isBookmarked'),
      ],
      [
        'ids that are not ids',
        put(`${o}/issues/?id=abc!`, { status: 'resolved' }),
        400,
        d('Group ids must be integers'),
      ],
      [
        'a mark without ids',
        put(`${o}/issues/`, { hasSeen: true }),
        400,
        d('You must specify a list of IDs for this operation'),
      ],
      [
        'an assignee who is nobody here',
        put(`${o}/issues/?id=${n}`, { assignedTo: 'nobody@example.com' }),
        400,
        d('Unable to resolve actor identifier: nobody@example.com is not a member of this organization'),
      ],
      [
        'a team of nobody',
        put(`${o}/issues/?id=${n}`, { assignedTo: 'team:no-such-team' }),
        400,
        d('The team must belong to this organization'),
      ],
      [
        'a users window',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreUserCount: 3, ignoreUserWindow: 60 } }),
        400,
        d('statusDetails.ignoreUserWindow is not supported: ignore until a number of users in total'),
      ],
      [
        'two ignore conditions',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreDuration: 30, ignoreCount: 5 } }),
        400,
        d('Give one of ignoreDuration, ignoreCount or ignoreUserCount'),
      ],
      [
        'a window without a count',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreWindow: 30 } }),
        400,
        d('statusDetails.ignoreWindow goes with ignoreCount'),
      ],
      [
        'resolved in a named release',
        put(`${o}/issues/?id=${n}`, { status: 'resolved', statusDetails: { inRelease: '1.0' } }),
        400,
        d('statusDetails.inRelease is not supported: use inNextRelease'),
      ],
      [
        'a snooze on a resolve',
        put(`${o}/issues/?id=${n}`, { status: 'resolved', snoozeDuration: 30 }),
        400,
        d('ignoreDuration and snoozeDuration go with status ignored'),
      ],
      [
        'next release with none seen',
        put(`${o}/issues/?id=${n}`, { status: 'resolvedInNextRelease' }),
        400,
        d('resolveIn: No release has been seen in this project yet, so there is no next release to wait for'),
      ],
      [
        'merge with other changes',
        put(`${o}/issues/?id=${n}`, { merge: true, status: 'resolved' }),
        400,
        d('merge and discard go alone'),
      ],
      ['a merge of one issue', put(`${o}/issues/?id=${n}`, { merge: true }), 400, d('Merge needs at least two issues')],
      [
        'an unknown bulk status',
        put(`${o}/issues/?status=closed`, { status: 'resolved' }),
        400,
        d('Invalid status "closed": use resolved, unresolved or ignored'),
      ],
      [
        'a bulk delete without ids',
        () => aWrite.delete(`${p}/issues/`),
        400,
        d('You must specify a list of IDs for this operation'),
      ],
      [
        'not JSON',
        () =>
          aWrite.request('PUT', `${o}/issues/${n}/`, {
            body: 'status=resolved',
            headers: { 'content-type': 'text/plain' },
          }),
        415,
        d('Content-Type must be application/json'),
      ],
      [
        'a body too large',
        () => aWrite.request('PUT', `${o}/issues/${n}/`, { body: JSON.stringify({ status: 'x'.repeat(1_100_000) }) }),
        413,
        d('Request body too large'),
      ],
      [
        'an unknown dataset',
        () => aWrite.get(`${o}/events/?dataset=transactions&field=id`),
        400,
        d('Unsupported dataset "transactions": this server answers logs, errors and spans'),
      ],
      [
        'no fields',
        () => aWrite.get(`${o}/events/?dataset=errors`),
        400,
        d('No columns selected: give at least one field'),
      ],
      [
        'an unknown field',
        () => aWrite.get(`${o}/events/?dataset=errors&field=count()`),
        400,
        d('Unknown field "count()" for the errors dataset (docs/api-compat.md)'),
      ],
      [
        'an unknown span key',
        () => aWrite.get(`${o}/events/?dataset=spans&field=id&query=span.group:x`),
        400,
        d('"span.group:" is not a search key of this dataset (docs/api-compat.md)'),
      ],
      [
        'an unknown events sort',
        () => aWrite.get(`${o}/events/?dataset=logs&field=message&sort=-severity`),
        400,
        d('Invalid sort "-severity": use -timestamp, timestamp'),
      ],
      ['an unknown path', () => aWrite.get(`/api/0/organizations/${a.slug}/widgets/`), 404, NOT_FOUND],
      ['an unknown path, written to', () => aWrite.post('/api/0/nothing/here/', {}), 404, NOT_FOUND],
    ];
    for (const [label, call, status, body] of cases) {
      const res = await call();
      expect([res.status, res.body], label).toEqual([status, body]);
    }
    expect(await snapshot(a.project.id)).toEqual(before);
  });
});
