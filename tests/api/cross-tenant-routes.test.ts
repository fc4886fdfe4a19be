// Every route this round added that the per-feature tests did not already try from another organization: each
// answers 404 to a member of another organization and changes nothing.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { createToken, TokenClient } from '../support/tokens';
import { errorEnvelope, send } from './ingest-helpers';

describe('another organization', () => {
  it('reaches nothing through the routes added for releases, debug IDs, monitors and discarded issues', async () => {
    const owner = await signUp({ name: 'Owner org' });
    const project = await createProject(owner.client, 'Owned');
    const orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
    // A release with a commit, a monitor and a discarded issue to reach for.
    const ci = new TokenClient((await createToken(owner.client, ['releases'])).token);
    expect(
      (await ci.post(`/api/0/organizations/${orgSlug}/releases/`, { version: 'r1', projects: [project.slug] })).status,
    ).toBe(201);
    const monitor = (
      await owner.client.post(`/api/v1/projects/${project.id}/monitors`, {
        slug: 'nightly',
        scheduleType: 'crontab',
        schedule: '0 3 * * *',
      })
    ).body.data;
    await send({ client: owner.client, projectId: project.id, key: project.keys[0].publicKey, body: errorEnvelope() });
    const [issue] = (await owner.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    expect((await owner.client.post(`/api/v1/projects/${project.id}/issues/${issue.id}/discard`)).status).toBe(200);
    const fingerprint = (await db.discardedFingerprint.findFirstOrThrow({ where: { projectId: project.id } }))
      .fingerprint;

    const stranger = await signUp({ name: 'Other org' });
    const theirs = new TokenClient((await createToken(stranger.client, ['releases'])).token);
    const p = `/api/v1/projects/${project.id}`;
    const o = `/api/0/organizations/${orgSlug}`;
    const attempts: [string, () => Promise<{ status: number }>][] = [
      ['release health of one release', () => stranger.client.get(`${p}/releases/r1/health`)],
      ['a debug ID', () => stranger.client.get(`${p}/debug-ids/5b6e1b6e-9b0d-4b36-8a6f-2f1a3c4d5e6f`)],
      [
        'create a monitor',
        () => stranger.client.post(`${p}/monitors`, { slug: 'evil', scheduleType: 'crontab', schedule: '0 3 * * *' }),
      ],
      ['delete a monitor', () => stranger.client.delete(`${p}/monitors/${monitor.id}`)],
      ['undo a discard', () => stranger.client.delete(`${p}/filters/discarded/${fingerprint}`)],
      ['merge issues', () => stranger.client.post(`${p}/issues/merge`, { ids: [issue.id, issue.id + 'x'] })],
      ["a release's commits", () => theirs.get(`${o}/releases/r1/commits/`)],
      ['previous release with commits', () => theirs.get(`${o}/releases/r1/previous-with-commits/`)],
      ['repositories', () => theirs.get(`${o}/repos/`)],
      ['deploys', () => theirs.get(`${o}/releases/r1/deploys/`)],
    ];
    for (const [label, attempt] of attempts) expect((await attempt()).status, label).toBe(404);
    expect(await db.monitor.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.discardedFingerprint.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.release.count({ where: { projectId: project.id } })).toBe(1);
  });
});
