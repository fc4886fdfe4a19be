// #63: what Sentry's issue PUT and DELETE change, through the dashboard's own services: the assignee (an email, a
// user id, a team, nobody), the caller's seen and bookmark marks (the token's owner's), ignore conditions and
// "resolve in next release" with their statusDetails, a search-selected bulk change, merge, discard and delete.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { createToken, TokenClient } from '../support/tokens';
import { issueEnvelope, send } from './ingest-helpers';

let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let api: TokenClient;
let o: string;
let p: string;
const number: Record<string, string> = {};

async function issueOf(type: string, release?: string) {
  await send({
    client: owner.client,
    projectId: project.id,
    key: project.keys[0].publicKey,
    body: issueEnvelope(type, release ? { release } : {}),
  });
  const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id, title: `${type}: x` } });
  number[type] = String(issue.number);
  return issue;
}
const row = (type: string) => db.issue.findUniqueOrThrow({ where: { number: BigInt(number[type]) } });

beforeAll(async () => {
  owner = await signUp({ name: 'Mutator' });
  project = await createProject(owner.client, 'Shop');
  const slug = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  o = `/api/0/organizations/${slug}`;
  p = `/api/0/projects/${slug}/${project.slug}`;
  api = new TokenClient((await createToken(owner.client, ['read', 'write'])).token);
  for (const type of ['CartError', 'TaxError', 'ShipError', 'MailError', 'MergeA', 'MergeB', 'Gone', 'Dropped'])
    await issueOf(type, 'shop@1.0.0');
}, 120_000);

describe('PUT', () => {
  it('assigns by email, user id and team, and unassigns; the issue shows it', async () => {
    const team = (await owner.client.post('/api/v1/organization/teams', { name: 'Payments' })).body.data;
    const url = `${o}/issues/${number.CartError}/`;
    const byEmail = await api.request('PUT', url, { body: { assignedTo: owner.email.toUpperCase() } });
    expect(byEmail.body.assignedTo).toEqual({ type: 'user', id: owner.user.id, name: 'Mutator', email: owner.email });
    expect((await row('CartError')).assigneeId).toBe(owner.user.id);
    const toTeam = await api.request('PUT', `${p}/issues/?id=${number.CartError}&id=${number.TaxError}`, {
      body: { assignedTo: `team:${team.id}` },
    });
    expect(toTeam.body).toEqual({ assignedTo: { type: 'team', id: team.id, name: 'payments' } });
    expect([(await row('TaxError')).assignedTeamId, (await row('CartError')).assigneeId]).toEqual([team.id, null]);
    await api.request('PUT', url, { body: { assignedTo: `user:${owner.user.id}` } });
    expect((await api.get(url)).body.assignedTo.id).toBe(owner.user.id);
    expect((await api.request('PUT', url, { body: { assignedTo: '' } })).body.assignedTo).toBeNull();
    expect((await row('CartError')).assigneeId).toBeNull();
    const activity = await db.issueActivity.findMany({
      where: { issueId: (await row('CartError')).id, type: 'ASSIGNED' },
    });
    expect(activity).toHaveLength(4);
  });

  it('hasSeen and isBookmarked are the token owner’s marks, shown in the list and the issue', async () => {
    const res = await api.request('PUT', `${o}/issues/?id=${number.ShipError}`, {
      body: { hasSeen: true, isBookmarked: true },
    });
    expect(res.body).toEqual({ hasSeen: true, isBookmarked: true });
    const listed = (await api.get(`${p}/issues/?query=ShipError`)).body[0];
    expect([listed.hasSeen, listed.isBookmarked]).toEqual([true, true]);
    const details = (await api.get(`${o}/issues/${number.ShipError}/`)).body;
    expect(details.seenBy.map((u: { id: string }) => u.id)).toEqual([owner.user.id]);
    // The session of the same person sees the same marks; they are undone the same way.
    expect((await owner.client.get(`${o}/issues/${number.ShipError}/`)).body.isBookmarked).toBe(true);
    await api.request('PUT', `${o}/issues/${number.ShipError}/`, { body: { hasSeen: false, isBookmarked: false } });
    expect(await db.issueBookmark.count({ where: { userId: owner.user.id } })).toBe(0);
    expect(await db.issueSeen.count({ where: { userId: owner.user.id } })).toBe(0);
  });

  it('ignores with a duration, a count in a window or users, and resolves in the next release', async () => {
    const url = `${o}/issues/${number.MailError}/`;
    const forAnHour = await api.request('PUT', url, {
      body: { status: 'ignored', statusDetails: { ignoreDuration: 60 } },
    });
    expect(forAnHour.body.substatus).toBe('archived_until_condition_met');
    expect(Date.parse(forAnHour.body.statusDetails.ignoreUntil) - Date.now()).toBeGreaterThan(59 * 60_000);
    const counted = await api.request('PUT', url, {
      body: { status: 'ignored', statusDetails: { ignoreCount: 100, ignoreWindow: 60 } },
    });
    expect(counted.body.statusDetails).toEqual({ ignoreCount: 100, ignoreWindow: 60 });
    expect((await row('MailError')).ignoreCount).toBe(100);
    const users = await api.request('PUT', `${p}/issues/?id=${number.MailError}`, {
      body: { status: 'ignored', statusDetails: { ignoreUserCount: 5 } },
    });
    expect(users.body.statusDetails).toEqual({ ignoreUserCount: 5, ignoreUserWindow: null });
    const next = await api.request('PUT', url, {
      body: { status: 'resolved', statusDetails: { inNextRelease: true } },
    });
    expect([next.body.status, next.body.statusDetails]).toEqual(['resolved', { inNextRelease: true }]);
    expect((await row('MailError')).resolvedIn).toBe('shop@1.0.0');
  });

  it('a status change without ids changes what the search finds, and nothing else', async () => {
    const res = await api.request('PUT', `${o}/issues/?query=ShipError`, { body: { status: 'resolved' } });
    expect(res.status).toBe(200);
    expect((await row('ShipError')).status).toBe('RESOLVED');
    expect((await row('TaxError')).status).toBe('UNRESOLVED');
    // Nothing matches: Sentry's 204.
    expect((await api.request('PUT', `${o}/issues/?query=NoSuchError`, { body: { status: 'resolved' } })).status).toBe(
      204,
    );
  });

  it('merges two issues into the one with most events, answering Sentry’s merge', async () => {
    await issueOf('MergeB');
    const res = await api.request('PUT', `${p}/issues/?id=${number.MergeA}&id=${number.MergeB}`, {
      body: { merge: true },
    });
    expect(res.body).toEqual({ merge: { parent: number.MergeB, children: [number.MergeA] } });
    expect(await db.issue.count({ where: { number: BigInt(number.MergeA) } })).toBe(0);
    expect((await row('MergeB')).eventCount).toBe(3);
  });

  it('discards: the issue goes and its fingerprint is dropped from then on', async () => {
    const fingerprint = (await row('Dropped')).fingerprint;
    const res = await api.request('PUT', `${o}/issues/${number.Dropped}/`, { body: { discard: true } });
    expect(res.status).toBe(204);
    expect(await db.issue.count({ where: { number: BigInt(number.Dropped) } })).toBe(0);
    expect(await db.discardedFingerprint.count({ where: { projectId: project.id, fingerprint } })).toBe(1);
  });
});

describe('DELETE', () => {
  it('one issue answers 202, several 204; they are gone with their events', async () => {
    const gone = await row('Gone');
    expect((await api.delete(`${o}/issues/${number.Gone}/`)).status).toBe(202);
    expect(await db.issue.count({ where: { id: gone.id } })).toBe(0);
    expect(await db.event.count({ where: { issueId: gone.id } })).toBe(0);
    const res = await api.delete(`${p}/issues/?id=${number.TaxError}&id=${number.CartError}`);
    expect(res.status).toBe(204);
    expect(
      await db.issue.count({ where: { number: { in: [BigInt(number.TaxError), BigInt(number.CartError)] } } }),
    ).toBe(0);
  });
});
