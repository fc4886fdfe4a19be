// The issue API's writes: PATCH one issue, bulk updates, and every issue route from another organization.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { BASE, seedEvents, seedIssues, STATUSES, withIssues } from '../support/issues';
import { db } from '@/lib/db';

describe('PATCH issue', () => {
  it.each(STATUSES)('sets %s, returns the updated issue and moves updatedAt', async (status) => {
    const { client, project, issues } = await withIssues();
    const issue = issues[1]; // RESOLVED to start with
    await new Promise((r) => setTimeout(r, 5));
    const res = await client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, { status });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      statusCode: 200,
      status: 'success',
      message: 'Issue updated',
      data: { id: issue.id, status },
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThan(issue.updatedAt.getTime());
    expect(res.body.data.createdAt).toBe(issue.createdAt.toISOString());
    expect(res.body.data.events).toBeUndefined();
    const row = await db.issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect(row.status).toBe(status);
    expect(row.updatedAt.toISOString()).toBe(res.body.data.updatedAt);
  });

  const bad: [string, unknown][] = [
    ['missing status', {}],
    ['unknown value DONE', { status: 'DONE' }],
    ['lower-case resolved', { status: 'resolved' }],
    ['a number', { status: 1 }],
    ['null', { status: null }],
    ['an array', { status: ['RESOLVED'] }],
  ];
  it.each(bad)('400 for %s, nothing changes', async (_label, body) => {
    const { client, project, issues } = await withIssues();
    const issue = issues[0];
    const res = await client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: ['status'], message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' }],
    });
    const row = await db.issue.findUniqueOrThrow({ where: { id: issue.id } });
    expect(row.status).toBe(issue.status);
    expect(row.updatedAt.getTime()).toBe(issue.updatedAt.getTime());
  });

  it('400 for a malformed JSON body; 404 for an unknown issue', async () => {
    const { client, project } = await withIssues();
    const malformed = await client.patch(`/api/v1/projects/${project.id}/issues/x`, '{"status":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: 'Malformed JSON body' }],
    });
    const missing = await client.patch(`/api/v1/projects/${project.id}/issues/nope`, { status: 'RESOLVED' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, status: 'failed', message: 'Issue not found' });
  });
});

describe('POST issues/bulk', () => {
  it('updates only the given issues of this project and counts them', async () => {
    const { client, orgId, project, issues } = await withIssues();
    await setPlan(orgId, 'PRO');
    const other = await createProject(client, 'Other');
    const [foreign] = await seedIssues(other.id, [{ lastSeen: BASE }]);
    const ids = [issues[0].id, issues[1].id, issues[2].id, issues[0].id, foreign.id, 'unknown'];
    const res = await client.post(`/api/v1/projects/${project.id}/issues/bulk`, { ids, status: 'IGNORED' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, status: 'success', message: 'Issues updated', data: { updated: 3 } });
    const rows = await db.issue.findMany({ where: { id: { in: [issues[0].id, issues[1].id, issues[2].id] } } });
    expect(rows.map((r) => r.status)).toEqual(['IGNORED', 'IGNORED', 'IGNORED']);
    expect((await db.issue.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('UNRESOLVED');
    expect((await db.issue.findUniqueOrThrow({ where: { id: issues[3].id } })).status).toBe(issues[3].status);
  });

  const bad: [string, unknown, (string | number)[]][] = [
    ['missing ids', { status: 'RESOLVED' }, ['ids']],
    ['empty ids', { ids: [], status: 'RESOLVED' }, ['ids']],
    ['101 ids', { ids: Array.from({ length: 101 }, (_, i) => `id${i}`), status: 'RESOLVED' }, ['ids']],
    ['ids not an array', { ids: 'abc', status: 'RESOLVED' }, ['ids']],
    ['an id not a string', { ids: [3], status: 'RESOLVED' }, ['ids', 0]],
    ['missing status', { ids: ['a'] }, ['status']],
    ['lower-case status', { ids: ['a'], status: 'ignored' }, ['status']],
  ];
  it.each(bad)('400 for %s, nothing changes', async (_label, body, path) => {
    const { client, project, issues } = await withIssues();
    const res = await client.post(`/api/v1/projects/${project.id}/issues/bulk`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(path);
    const rows = await db.issue.findMany({ where: { projectId: project.id } });
    expect(rows.map((r) => r.status).sort()).toEqual(issues.map((i) => i.status).sort());
  });
});

describe('cross-tenant', () => {
  it('another organization gets 404 on every issue route and changes nothing', async () => {
    const { project, issues } = await withIssues();
    const issue = issues[0];
    await seedEvents(issue.id, project.id, [BASE]);
    const event = await db.event.findFirstOrThrow({ where: { issueId: issue.id } });
    const { client: intruder } = await signUp();
    const own = await createProject(intruder, 'Mine');
    const before = await db.issue.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } });

    const base = `/api/v1/projects/${project.id}/issues`;
    // The intruder's own project id with the victim's issue id must not work either.
    const viaOwn = `/api/v1/projects/${own.id}/issues`;
    const attempts = [
      await intruder.get(base),
      await intruder.get(`${base}/${issue.id}`),
      await intruder.patch(`${base}/${issue.id}`, { status: 'RESOLVED' }),
      await intruder.post(`${base}/bulk`, { ids: issues.map((i) => i.id), status: 'IGNORED' }),
      await intruder.get(`${base}/${issue.id}/events`),
      await intruder.get(`${base}/${issue.id}/events/${event.id}`),
      await intruder.get(`${base}/${issue.id}/stats`),
      await intruder.get(`${viaOwn}/${issue.id}`),
      await intruder.patch(`${viaOwn}/${issue.id}`, { status: 'RESOLVED' }),
      await intruder.get(`${viaOwn}/${issue.id}/events`),
      await intruder.get(`${viaOwn}/${issue.id}/events/${event.id}`),
      await intruder.get(`${viaOwn}/${issue.id}/stats`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body.status).toBe('failed');
      expect(res.body.data).toBeUndefined();
      expect(res.text).not.toContain(issue.title);
    }
    const viaOwnBulk = await intruder.post(`${viaOwn}/bulk`, { ids: issues.map((i) => i.id), status: 'IGNORED' });
    expect(viaOwnBulk.body.data).toEqual({ updated: 0 });
    const viaOwnList = await intruder.get(viaOwn);
    expect(viaOwnList.body.data.pagination.total).toBe(0);
    expect(await db.issue.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } })).toEqual(before);
  });
});
