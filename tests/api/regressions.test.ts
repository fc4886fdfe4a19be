// Regressions (#20): a resolved issue reopened by an event is marked regressed, and "resolve in next release" waits
// for a newer release.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useAlertWorkers } from '../support/alert-workers';
import { setup } from '../support/regressions';
import { db } from '@/lib/db';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
useAlertWorkers();

describe('regressed flag', () => {
  it('an event reopens a resolved issue: regressed + regressedAt in the API, a timeline entry; resolving again clears the mark', async () => {
    const s = await setup();
    const id = await s.issue();
    const fresh = await s.get(id);
    expect(fresh).toMatchObject({ status: 'UNRESOLVED', regressed: false, regressedAt: null, resolvedInRelease: null });

    expect((await s.patch(id, { status: 'RESOLVED' })).status).toBe(200);
    await s.ingest();
    const back = await s.get(id);
    expect(back).toMatchObject({ status: 'UNRESOLVED', regressed: true, eventCount: 2 });
    expect(back.regressedAt).toMatch(ISO);
    expect(await s.regressedEntries(id)).toBe(1);
    const activity = (await s.client.get(`/api/v1/projects/${s.project.id}/issues/${id}/activity`)).body.data;
    expect(activity.filter((a: { type: string }) => a.type === 'REGRESSED')).toEqual([
      expect.objectContaining({ type: 'REGRESSED', fromStatus: 'RESOLVED', toStatus: 'UNRESOLVED' }),
    ]);

    // More events while it is unresolved: still the same regression.
    await s.ingest();
    expect((await s.get(id)).regressedAt).toBe(back.regressedAt);
    expect(await s.regressedEntries(id)).toBe(1);
    // The list shows the same fields.
    const list = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    expect(list[0]).toMatchObject({ id, regressed: true, regressedAt: back.regressedAt });

    // Unresolve or ignore keep the mark; resolving clears it (the PATCH answer says so).
    expect((await s.patch(id, { status: 'IGNORED' })).body.data).toMatchObject({ status: 'IGNORED', regressed: true });
    const resolved = await s.patch(id, { status: 'RESOLVED' });
    expect(resolved.body.data).toMatchObject({ status: 'RESOLVED', regressed: false, regressedAt: null });
    await s.ingest();
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
    expect(await s.regressedEntries(id)).toBe(2);
  });

  it('an ignored issue stays ignored and is not marked; bulk resolve clears the mark', async () => {
    const s = await setup();
    const id = await s.issue();
    await s.patch(id, { status: 'IGNORED' });
    await s.ingest();
    expect(await s.get(id)).toMatchObject({ status: 'IGNORED', regressed: false });
    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    expect((await s.get(id)).regressed).toBe(true);
    const bulk = await s.client.post(`/api/v1/projects/${s.project.id}/issues/bulk`, { ids: [id], status: 'RESOLVED' });
    expect(bulk.status).toBe(200);
    expect(await s.get(id)).toMatchObject({ status: 'RESOLVED', regressed: false, regressedAt: null });
  });
});

describe('resolve in next release', () => {
  it('records the latest release; only an event of a newer one reopens the issue (older, same and no release do not)', async () => {
    const s = await setup();
    await s.release('1.0');
    await sleep(5);
    await s.release('1.1');
    const id = await s.issue();
    const res = await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Issue updated' });
    expect(res.body.data).toMatchObject({ id, status: 'RESOLVED', resolvedInRelease: '1.1', regressed: false });
    expect((await db.issue.findUniqueOrThrow({ where: { id } })).resolvedInAt).toEqual(
      (await db.release.findFirstOrThrow({ where: { projectId: s.project.id, version: '1.1' } })).createdAt,
    );

    const cases: [string, string | undefined][] = [
      ['an older release', '1.0'],
      ['the same release', '1.1'],
      ['no release', undefined],
    ];
    let count = 1;
    for (const [label, version] of cases) {
      await s.ingest('a', version);
      count++;
      const now = await s.get(id);
      expect(now, label).toMatchObject({
        status: 'RESOLVED',
        regressed: false,
        eventCount: count,
        resolvedInRelease: '1.1',
      });
    }
    expect(await s.regressedEntries(id)).toBe(0);

    // A release the project has never seen is newer.
    await s.ingest('a', '1.2');
    expect(await s.get(id)).toMatchObject({
      status: 'UNRESOLVED',
      regressed: true,
      resolvedInRelease: null,
      eventCount: count + 1,
    });
    expect(await s.regressedEntries(id)).toBe(1);
  });

  it('a release created after the resolve (by CI, before its first event) is newer too; one created before is not', async () => {
    const s = await setup();
    await s.release('2.0');
    const id = await s.issue();
    await sleep(5);
    await s.release('1.9-hotfix-created-later');
    await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    // The latest by creation order is the later one, whatever the version string says.
    expect((await s.get(id)).resolvedInRelease).toBe('1.9-hotfix-created-later');
    await s.ingest('a', '2.0');
    expect((await s.get(id)).status).toBe('RESOLVED');
    await sleep(5);
    await s.release('2.1');
    await s.ingest('a', '2.1');
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
  });

  it('a plain resolve afterwards drops the wait: any event reopens it', async () => {
    const s = await setup();
    await s.release('1.0');
    const id = await s.issue();
    await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    const plain = await s.patch(id, { status: 'RESOLVED' });
    expect(plain.body.data).toMatchObject({ status: 'RESOLVED', resolvedInRelease: null });
    await s.ingest('a', '1.0');
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
  });

  const bad: [string, unknown, { path: (string | number)[]; message: string }[]][] = [
    [
      'unknown resolveIn',
      { status: 'RESOLVED', resolveIn: 'nextWeek' },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn null',
      { status: 'RESOLVED', resolveIn: null },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn a number',
      { status: 'RESOLVED', resolveIn: 1 },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn with UNRESOLVED',
      { status: 'UNRESOLVED', resolveIn: 'nextRelease' },
      [{ path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' }],
    ],
    [
      'resolveIn with IGNORED',
      { status: 'IGNORED', resolveIn: 'nextRelease' },
      [{ path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' }],
    ],
    [
      'resolveIn without status',
      { resolveIn: 'nextRelease' },
      [{ path: ['status'], message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' }],
    ],
    [
      'lower-case status with resolveIn',
      { status: 'resolved', resolveIn: 'nextRelease' },
      [{ path: ['status'], message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' }],
    ],
  ];
  it.each(bad)('PATCH 400 for %s, nothing changed', async (_label, body, error) => {
    const s = await setup();
    await s.release('1.0');
    const id = await s.issue();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    const res = await s.patch(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it('PATCH 400 when the project has seen no release yet, nothing changed', async () => {
    const s = await setup();
    const id = await s.issue();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    const res = await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [
        {
          path: ['resolveIn'],
          message: 'No release has been seen in this project yet, so there is no next release to wait for',
        },
      ],
    });
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.issueActivity.count({ where: { issueId: id, type: 'STATUS' } })).toBe(0);
  });

  it('another organization gets 404 and changes nothing (its own project with a foreign issue id too)', async () => {
    const a = await setup();
    await a.release('1.0');
    const id = await a.issue();
    await a.patch(id, { status: 'RESOLVED' });
    await a.ingest();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    expect(before.regressedAt).not.toBeNull();
    const b = await setup();
    await b.release('9.9');
    const attempts = [
      [
        b.client.patch(`/api/v1/projects/${a.project.id}/issues/${id}`, {
          status: 'RESOLVED',
          resolveIn: 'nextRelease',
        }),
        'Project not found',
      ],
      [
        b.client.patch(`/api/v1/projects/${b.project.id}/issues/${id}`, {
          status: 'RESOLVED',
          resolveIn: 'nextRelease',
        }),
        'Issue not found',
      ],
      [b.client.get(`/api/v1/projects/${b.project.id}/issues/${id}`), 'Issue not found'],
    ] as const;
    for (const [pending, message] of attempts) {
      const res = await pending;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message });
    }
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});
