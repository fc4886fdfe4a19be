// Ownership rules and CODEOWNERS (#49): owners of an issue by the rules of its latest event.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { ownersOfIssue } from '@/lib/ownership/owners-of';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin, seedIssue } from '../support/teams';
import type { TestClient } from '../support/client';

let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let teams: Record<string, string>;
let alice: { client: TestClient; email: string; userId: string };

async function makeTeam(orgId: string, slug: string) {
  return (await db.team.create({ data: { orgId, name: slug, slug } })).id;
}

async function seedEvent(
  issueId: string,
  projectId: string,
  frames: object[],
  extra: { url?: string; tags?: object } = {},
) {
  await db.event.create({
    data: {
      issueId,
      projectId,
      level: 'ERROR',
      message: 'boom',
      stacktrace: { frames },
      request: extra.url ? { url: extra.url } : undefined,
      tags: extra.tags ?? undefined,
      timestamp: new Date(),
    },
  });
}

beforeAll(async () => {
  owner = await signUp();
  project = await createProject(owner.client, 'Shop');
  alice = await inviteAndJoin(owner.client, 'MEMBER', 'Alice');
  teams = {
    payments: await makeTeam(owner.orgId, 'payments'),
    emea: await makeTeam(owner.orgId, 'emea'),
    core: await makeTeam(owner.orgId, 'core'),
  };
});

describe('ownersOfIssue', () => {
  it('the owners of the rules matching the latest event, last matching rule first, then CODEOWNERS; [] without rules or match', async () => {
    const issue = await seedIssue(project.id);
    expect(await ownersOfIssue(issue.id)).toEqual([]);
    await seedEvent(
      issue.id,
      project.id,
      [
        { filename: 'node_modules/x/index.js', in_app: false, lineno: 1 },
        { filename: 'src/billing/charge.js', abs_path: '/srv/shop/src/billing/charge.js', in_app: true, lineno: 3 },
      ],
      { url: 'https://shop.example.com/checkout/pay', tags: { region: 'eu' } },
    );
    await db.projectOwnership.create({
      data: {
        projectId: project.id,
        raw: `path:src/billing/* #payments ${alice.email}\nurl:*/checkout* ${alice.email}\ntags.region:eu #emea\npath:*node_modules* #core\n#gone-team:x`,
        codeOwners: { create: { raw: '/src/ @acme/core', stackRoot: '', sourceRoot: '' } },
      },
    });
    expect(await ownersOfIssue(issue.id)).toEqual([
      { type: 'team', teamId: teams.emea },
      { type: 'user', userId: alice.userId },
      { type: 'team', teamId: teams.payments },
      { type: 'team', teamId: teams.core },
    ]);
    const other = await seedIssue(project.id);
    await seedEvent(other.id, project.id, [{ filename: 'src/search/index.js', in_app: true, lineno: 1 }]);
    expect(await ownersOfIssue(other.id)).toEqual([{ type: 'team', teamId: teams.core }]);
    expect(await ownersOfIssue('no-such-issue')).toEqual([]);
  });
});
