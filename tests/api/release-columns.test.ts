// #60: the Releases list answers each release's new issues (issues whose earliest event names it), commits and
// deploys (with the latest), read for the whole page at once; another organization's project is a 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

let owner: TestClient;
let projectId: string;
let key: string;

beforeAll(async () => {
  const o = await signUp({ name: 'Columns owner' });
  owner = o.client;
  await setPlan(o.orgId, 'PRO');
  const project = await createProject(owner, 'Columns app');
  projectId = project.id;
  key = project.keys[0].publicKey;
});

const error = (release: string, type: string, timestamp: number) =>
  errorEnvelope({
    release,
    timestamp,
    exception: { type, value: 'x', stacktrace: { frames: [{ filename: 'app.js', function: type, lineno: 1 }] } },
  });

type Row = {
  version: string;
  newIssues: number;
  commits: number;
  deploys: number;
  lastDeploy: { environment: string; finishedAt: string } | null;
};

describe('the Releases list columns', () => {
  it('new issues, commits and deploys of each release on the page', async () => {
    const t0 = Date.UTC(2026, 10, 10, 12);
    // 1.0: two issues first seen in it. 1.1: one of them again (not new) and one new. 2.0: no event at all.
    for (const [release, type, dt] of [
      ['app@1.0', 'AError', 0],
      ['app@1.0', 'BError', 1000],
      ['app@1.1', 'AError', 2000],
      ['app@1.1', 'CError', 3000],
    ] as const) {
      const res = await send({ client: owner, projectId, key, body: error(release, type, t0 + dt) });
      expect(res.status, res.text).toBe(200);
    }
    expect((await owner.post(`/api/v1/projects/${projectId}/releases`, { version: 'app@2.0' })).status).toBe(201);
    const idOf = async (version: string) =>
      (await db.release.findUniqueOrThrow({ where: { projectId_version: { projectId, version } } })).id;
    const v11 = await idOf('app@1.1');
    await db.releaseCommit.createMany({
      data: [0, 1, 2].map((position) => ({ releaseId: v11, position, sha: `${position}`.repeat(40) })),
    });
    await db.releaseDeploy.createMany({
      data: [
        { releaseId: v11, environment: 'staging', dateFinished: new Date(t0 + 60_000) },
        { releaseId: v11, environment: 'production', dateFinished: new Date(t0 + 120_000) },
      ],
    });

    const res = await owner.get(`/api/v1/projects/${projectId}/releases`);
    expect(res.status).toBe(200);
    const rows = (res.body.data.releases as Row[]).map(({ version, newIssues, commits, deploys, lastDeploy }) => ({
      version,
      newIssues,
      commits,
      deploys,
      lastDeploy,
    }));
    expect(rows).toEqual([
      { version: 'app@2.0', newIssues: 0, commits: 0, deploys: 0, lastDeploy: null },
      {
        version: 'app@1.1',
        newIssues: 1,
        commits: 3,
        deploys: 2,
        lastDeploy: { environment: 'production', finishedAt: new Date(t0 + 120_000).toISOString() },
      },
      { version: 'app@1.0', newIssues: 2, commits: 0, deploys: 0, lastDeploy: null },
    ]);
    // The same counts on a page of one.
    const page2 = await owner.get(`/api/v1/projects/${projectId}/releases`, { query: { limit: '1', page: '2' } });
    expect(page2.body.data.releases.map((r: Row) => [r.version, r.newIssues, r.commits, r.deploys])).toEqual([
      ['app@1.1', 1, 3, 2],
    ]);
  });

  it("another organization's project: 404, nothing listed", async () => {
    const stranger = await signUp({ name: 'Columns stranger' });
    const res = await stranger.client.get(`/api/v1/projects/${projectId}/releases`);
    expect(res.status).toBe(404);
    expect(res.body.data).toBeUndefined();
  });
});
