// Suspect commits (#49): why there are none (no release, no commits, no stack trace, no match), which releases are
// searched (commits sent as sentry-cli sends them), and another organization's issue (404).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { issueTitled, suspectsOf } from '../support/suspect-commits';
import { createToken, TokenClient } from '../support/tokens';
import { errorEnvelope, send } from './ingest-helpers';

// The Shop organization and its project, from which another organization's issue is read (404).
let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
beforeAll(async () => {
  owner = await signUp({ name: 'Shop owner' });
  project = await createProject(owner.client, 'Shop', 'node');
});

describe('no suspects, and why; which releases are searched', () => {
  let other: Awaited<ReturnType<typeof signUp>>;
  let p: Awaited<ReturnType<typeof createProject>>;
  let ci: TokenClient;
  let orgSlug: string;

  const frames = (fn: string, files: string[]) =>
    errorEnvelope({
      exception: {
        type: 'Error',
        value: fn,
        stacktrace: {
          frames: files.map((f, i) => ({ filename: `/srv/app/${f}`, lineno: 10 + i, function: `${fn}${i}` })),
        },
      },
    });
  const ingest = async (body: unknown, release?: string) => {
    const res = await send({
      client: other.client,
      projectId: p.id,
      key: p.keys[0].publicKey,
      body: release ? { ...(body as object), release } : body,
    });
    expect(res.status).toBe(200);
  };
  const release = async (version: string, files: string[][]) => {
    expect((await ci.post(`/api/0/organizations/${orgSlug}/releases/`, { version, projects: [p.slug] })).status).toBe(
      201,
    );
    if (files.length === 0) return;
    const commits = files.map((paths, i) => ({
      id: `${version}-${i}`.padEnd(40, '0'),
      author_name: 'Someone',
      author_email: 'someone@example.com',
      message: `${version} commit ${i}`,
      timestamp: `2026-11-0${i + 1}T00:00:00Z`,
      patch_set: paths.map((path) => ({ path, type: 'M' })),
    }));
    const res = await ci.request('PUT', `/api/0/organizations/${orgSlug}/releases/${version}/`, { body: { commits } });
    expect(res.status).toBe(200);
  };
  const suspects = async (value: string) => {
    const issue = await issueTitled(p.id, other.client, `Error: ${value}`);
    return (await suspectsOf(other.client, p.id, issue.id)).body.data;
  };

  beforeAll(async () => {
    other = await signUp({ name: 'Reasons' });
    p = await createProject(other.client, 'Reasons');
    orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: other.orgId } })).slug;
    ci = new TokenClient((await createToken(other.client, ['releases'])).token);
  });

  it('no release on the first event: NO_RELEASE', async () => {
    await ingest(frames('norelease', ['a.js']));
    expect(await suspects('norelease')).toEqual({ release: null, releases: [], suspects: [], reason: 'NO_RELEASE' });
  });

  it('the release has no commits: NO_COMMITS; no stack: NO_STACKTRACE; commits elsewhere: NO_MATCH', async () => {
    await ingest(frames('nocommits', ['a.js']), 'bare@1');
    expect(await suspects('nocommits')).toMatchObject({ release: 'bare@1', suspects: [], reason: 'NO_COMMITS' });

    await release('r@0', [['src/other.js']]);
    await ingest(frames('nomatch', ['src/a.js']), 'r@0');
    expect(await suspects('nomatch')).toMatchObject({ release: 'r@0', suspects: [], reason: 'NO_MATCH' });

    // An SDK's message without a stack trace, as stored.
    await ingest(frames('nostack', ['src/other.js']), 'r@0');
    const issue = await issueTitled(p.id, other.client, 'Error: nostack');
    await db.$executeRaw`UPDATE events SET stacktrace = NULL WHERE issue_id = ${issue.id}`;
    expect((await suspectsOf(other.client, p.id, issue.id)).body.data.reason).toBe('NO_STACKTRACE');
  });

  it('the releases since the previous one that ran, up to the first: their commits, not older ones', async () => {
    await release('r@1', [['src/a.js']]);
    await ingest(frames('ran', ['x.js']), 'r@1'); // r@1 ran.
    await release('r@2', [['src/b.js']]); // Never ran.
    await release('r@3', [['src/c.js'], ['src/unrelated.js']]);
    await ingest(frames('since', ['src/c.js', 'src/b.js', 'src/a.js']), 'r@3');
    const data = await suspects('since');
    expect(data.releases).toEqual(['r@3', 'r@2']);
    expect(data.suspects.map((s: { message: string; frameIndex: number }) => [s.message, s.frameIndex])).toEqual([
      ['r@3 commit 0', 0],
      ['r@2 commit 0', 1],
    ]);
  });

  it('another organization’s issue: 404', async () => {
    const issue = await issueTitled(p.id, other.client, 'Error: since');
    expect((await suspectsOf(owner.client, p.id, issue.id)).status).toBe(404);
    expect((await suspectsOf(owner.client, project.id, issue.id)).status).toBe(404);
  });
});
