// Links to the code (#64): code mappings of a project (and their refusals), each in-app frame of an event linked to
// its file and line at the commit of the event's release in the mapped repository, else the default branch, and
// suspect commits linked to their commit on the provider.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { projectWithIssue } from '../support/integrations';

async function setup(name: string) {
  const owner = await signUp({ name });
  const { project, issue } = await projectWithIssue(owner.client);
  const connect = (provider: string, config: object, secrets: object) =>
    owner.client.post('/api/v1/organization/integrations', {
      provider,
      name: `${provider} ${crypto.randomUUID()}`,
      config,
      secrets,
    });
  const ghe = (await connect('github', { baseUrl: 'https://ghe.example.com' }, { token: 't', webhookSecret: 'w' })).body
    .data;
  const jira = (
    await connect(
      'jira',
      { baseUrl: 'https://j.example.com', deployment: 'datacenter' },
      { apiToken: 't', webhookSecret: 'w' },
    )
  ).body.data;
  const event = (await owner.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).body.data
    .events[0];
  return { owner, project, issue, ghe, jira, event };
}

describe('code mappings', () => {
  it('link in-app frames at the release commit, else the default branch, and suspect commits to their commit', async () => {
    const { owner, project, issue, ghe, event } = await setup('Code links');
    const p = `/api/v1/projects/${project.id}`;
    const links = () => owner.client.get(`${p}/issues/${issue.id}/events/${event.id}/source-links`);
    expect((await links()).body.data).toEqual({ links: [], release: 'shop@1.2.0', mapped: false });

    const created = await owner.client.post(`${p}/code-mappings`, {
      integrationId: ghe.id,
      stackRoot: 'src/',
      sourceRoot: 'web/src/',
      repository: 'acme/shop',
      defaultBranch: 'trunk',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      integrationId: ghe.id,
      provider: 'github',
      stackRoot: 'src/',
      defaultBranch: 'trunk',
    });
    const onBranch = (await links()).body.data.links;
    expect(onBranch).toEqual([
      {
        exception: 0,
        frame: 0,
        repository: 'acme/shop',
        path: 'web/src/cart/total.js',
        ref: 'trunk',
        url: 'https://ghe.example.com/acme/shop/blob/trunk/web/src/cart/total.js#L42',
      },
      {
        exception: 0,
        frame: 1,
        repository: 'acme/shop',
        path: 'web/src/pages/checkout.js',
        ref: 'trunk',
        url: 'https://ghe.example.com/acme/shop/blob/trunk/web/src/pages/checkout.js#L7',
      },
    ]);

    // The release's commits (newest first): its newest commit in acme/shop is where the frames link.
    const sha = crypto.randomBytes(20).toString('hex');
    const release = await db.release.findUniqueOrThrow({
      where: { projectId_version: { projectId: project.id, version: 'shop@1.2.0' } },
    });
    await db.releaseCommit.createMany({
      data: [
        {
          releaseId: release.id,
          position: 0,
          sha,
          repository: 'acme/shop',
          message: 'Fix cart',
          authorEmail: 'dev@example.com',
          files: [{ path: 'src/cart/total.js', type: 'M' }],
        },
        { releaseId: release.id, position: 1, sha: 'b'.repeat(40), repository: 'acme/other', files: [] },
      ],
    });
    const atCommit = (await links()).body.data.links;
    expect(atCommit.map((l: any) => [l.ref, l.url])).toEqual([
      [sha, `https://ghe.example.com/acme/shop/blob/${sha}/web/src/cart/total.js#L42`],
      [sha, `https://ghe.example.com/acme/shop/blob/${sha}/web/src/pages/checkout.js#L7`],
    ]);

    const suspects = await owner.client.get(`${p}/issues/${issue.id}/suspect-commits`);
    expect(suspects.body.data.suspects.map((s: any) => [s.sha, s.url])).toEqual([
      [sha, `https://ghe.example.com/acme/shop/commit/${sha}`],
    ]);

    const updated = await owner.client.patch(`${p}/code-mappings/${created.body.data.id}`, {
      stackRoot: 'src/cart/',
      sourceRoot: '',
    });
    expect(updated.status).toBe(200);
    expect((await links()).body.data.links.map((l: any) => l.path)).toEqual(['total.js']);
    expect((await owner.client.delete(`${p}/code-mappings/${created.body.data.id}`)).status).toBe(200);
    expect((await owner.client.get(`${p}/code-mappings`)).body.data).toEqual([]);
  });

  it('refuse what is wrong with the field and its reason, and another organization reaches none', async () => {
    const { owner, project, ghe, jira } = await setup('Mapping checks');
    const p = `/api/v1/projects/${project.id}/code-mappings`;
    const cases: [object, (string | number)[], string][] = [
      [
        { integrationId: ghe.id, repository: 'not a repo' },
        ['repository'],
        'Give the repository as owner/name (or group/…/name)',
      ],
      [
        { integrationId: ghe.id, repository: 'a/b', stackRoot: 'src/../..' },
        ['stackRoot'],
        'Stack root may not hold ..',
      ],
      [
        { integrationId: ghe.id, repository: 'a/b', defaultBranch: 'has space' },
        ['defaultBranch'],
        'Not a valid branch name',
      ],
      [{ integrationId: jira.id, repository: 'a/b' }, ['integrationId'], `${jira.name} is not a code repository`],
      [
        { integrationId: crypto.randomUUID(), repository: 'a/b' },
        ['integrationId'],
        'Integration not found in this organization',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.client.post(p, body);
      expect([res.status, res.body.error?.[0]]).toEqual([400, { path, message }]);
    }
    const mapping = (await owner.client.post(p, { integrationId: ghe.id, repository: 'a/b' })).body.data;
    expect(mapping).toMatchObject({ stackRoot: '', sourceRoot: '', defaultBranch: 'main' });
    const stranger = await signUp({ name: 'Mapping stranger' });
    expect((await stranger.client.patch(`${p}/${mapping.id}`, { repository: 'x/y' })).status).toBe(404);
    expect((await stranger.client.delete(`${p}/${mapping.id}`)).status).toBe(404);
    expect((await db.codeMapping.findUniqueOrThrow({ where: { id: mapping.id } })).repository).toBe('a/b');
  });
});
