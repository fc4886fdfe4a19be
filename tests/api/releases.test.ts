import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { forgetReleases } from '@/lib/releases/note-release';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { orgState } from '../support/teams';
import { createToken, TokenClient } from '../support/tokens';
import { errorEnvelope, send } from './ingest-helpers';

let owner: TestClient;
let orgId: string;
let projectId: string;
let key: string;
let outsider: TestClient;

beforeAll(async () => {
  const o = await signUp({ name: 'Rel owner' });
  owner = o.client;
  orgId = o.orgId;
  await setPlan(orgId, 'PRO');
  const project = await createProject(owner, 'Released app');
  projectId = project.id;
  key = project.keys[0].publicKey;
  outsider = (await signUp({ name: 'Rel outsider' })).client;
});

const rel = (path = '') => `/api/v1/projects/${projectId}/releases${path}`;
const event = (release: string | undefined, type: string, timestamp: number) =>
  errorEnvelope({
    release,
    timestamp,
    exception: { type, value: 'x', stacktrace: { frames: [{ filename: 'app.js', function: type, lineno: 1 }] } },
  });

describe('releases from events', () => {
  it('the first event naming a version creates its release; first/last event times follow the events', async () => {
    const t0 = Date.UTC(2026, 10, 1, 12);
    const first = await send({ client: owner, projectId, key, body: event('web@1.0.0', 'AError', t0) });
    expect(first.status, first.text).toBe(200);
    forgetReleases();
    expect(
      (await send({ client: owner, projectId, key, body: event('web@1.0.0', 'AError', t0 + 60_000) })).status,
    ).toBe(200);
    const row = await db.release.findUniqueOrThrow({
      where: { projectId_version: { projectId, version: 'web@1.0.0' } },
    });
    expect(row.firstEventAt?.getTime()).toBe(t0);
    expect(row.lastEventAt?.getTime()).toBe(t0 + 60_000);
    const list = await owner.get(rel());
    expect(list.status).toBe(200);
    expect(list.body.data.releases.map((r: { version: string }) => r.version)).toContain('web@1.0.0');
  });

  it('a version longer than 200 characters creates no release; the event is stored', async () => {
    const long = 'v'.repeat(5000);
    const res = await send({ client: owner, projectId, key, body: event(long, 'LongError', Date.UTC(2026, 10, 5)) });
    expect(res.status).toBe(200);
    expect(await db.release.count({ where: { projectId, version: long } })).toBe(0);
    expect(await db.event.count({ where: { projectId, release: long } })).toBe(1);
  });

  it('a release seen again within the minute is not written again (per-process cache)', async () => {
    const t0 = Date.UTC(2026, 10, 2, 12);
    await send({ client: owner, projectId, key, body: event('web@cache', 'CError', t0) });
    await send({ client: owner, projectId, key, body: event('web@cache', 'CError', t0 + 5_000) });
    const row = await db.release.findUniqueOrThrow({
      where: { projectId_version: { projectId, version: 'web@cache' } },
    });
    expect(row.lastEventAt?.getTime()).toBe(t0);
  });

  it('issue detail says first seen in / last seen in; the release lists the issues first seen in it', async () => {
    const t0 = Date.UTC(2026, 10, 3, 12);
    await send({ client: owner, projectId, key, body: event('web@2.0.0', 'BError', t0) });
    await send({ client: owner, projectId, key, body: event('web@2.1.0', 'BError', t0 + 1000) });
    await send({ client: owner, projectId, key, body: event('web@2.1.0', 'NewIn21Error', t0 + 2000) });
    const issues = await db.issue.findMany({ where: { projectId, title: { startsWith: 'BError' } } });
    expect(issues).toHaveLength(1);
    const detail = await owner.get(`/api/v1/projects/${projectId}/issues/${issues[0].id}`);
    expect(detail.body.data).toMatchObject({ firstRelease: 'web@2.0.0', lastRelease: 'web@2.1.0' });
    const r21 = await owner.get(rel('/web%402.1.0'));
    expect(r21.status).toBe(200);
    expect(r21.body.data.version).toBe('web@2.1.0');
    expect(r21.body.data.newIssues.map((i: { title: string }) => i.title)).toEqual(['NewIn21Error: x']);
    const r20 = await owner.get(rel('/web%402.0.0'));
    expect(r20.body.data.newIssues.map((i: { title: string }) => i.title)).toEqual(['BError: x']);
  });
});

describe('releases API', () => {
  it('POST creates (201), repeating answers the same release (200); a releases token may do both', async () => {
    const { token } = await createToken(owner, ['releases']);
    const ci = new TokenClient(token);
    const a = await ci.post(rel(), { version: 'ci-1' });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data).toMatchObject({ version: 'ci-1', projectId, firstEventAt: null, lastEventAt: null });
    const b = await ci.post(rel(), { version: 'ci-1' });
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await ci.get(rel('/ci-1'))).body.data.newIssues).toEqual([]);
  });

  const SLASHES = 'A version cannot contain slashes or line breaks';
  const INVALID: [string, unknown, string[]][] = [
    ['no version', {}, ['Version is required']],
    // Every check runs: an empty string is also not a valid version text.
    ['an empty version', { version: '  ' }, ['Version is required', SLASHES]],
    ['a slash', { version: 'a/b' }, [SLASHES]],
    ['a newline', { version: 'a\nb' }, [SLASHES]],
    ['reserved "latest"', { version: 'latest' }, ['This version name is reserved']],
    ['201 characters', { version: 'v'.repeat(201) }, ['Version must be at most 200 characters']],
  ];
  it.each(INVALID)('%s → 400', async (_n, body, messages) => {
    const res = await owner.post(rel(), body);
    const error = messages.map((message) => ({ path: ['version'], message }));
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, status: 'failed', message: 'Validation error', error },
    ]);
  });

  it('an unknown version → 404', async () => {
    const res = await owner.get(rel('/nope'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Release not found' });
  });

  it('DELETE removes the release; the next event naming it creates it again', async () => {
    await owner.post(rel(), { version: 'gone-1' });
    expect((await owner.delete(rel('/gone-1'))).status).toBe(200);
    expect(await db.release.count({ where: { projectId, version: 'gone-1' } })).toBe(0);
    await send({ client: owner, projectId, key, body: event('gone-1', 'GoneError', Date.UTC(2026, 10, 4)) });
    expect(await db.release.count({ where: { projectId, version: 'gone-1' } })).toBe(1);
  });

  it('another organization: list, create, read and delete are 404 and change nothing', async () => {
    await owner.post(rel(), { version: 'mine-1' });
    const before = await orgState(orgId);
    const releasesBefore = await db.release.findMany({ where: { projectId }, orderBy: { id: 'asc' } });
    for (const res of [
      await outsider.get(rel()),
      await outsider.post(rel(), { version: 'theirs' }),
      await outsider.get(rel('/mine-1')),
      await outsider.delete(rel('/mine-1')),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await orgState(orgId)).toEqual(before);
    expect(await db.release.findMany({ where: { projectId }, orderBy: { id: 'asc' } })).toEqual(releasesBefore);
  });

  it('deleting the project deletes its releases', async () => {
    const p2 = await createProject(owner, 'Doomed');
    await owner.post(`/api/v1/projects/${p2.id}/releases`, { version: 'd-1' });
    expect((await owner.delete(`/api/v1/projects/${p2.id}`)).status).toBe(200);
    expect(await db.release.count({ where: { projectId: p2.id } })).toBe(0);
  });
});
