// Suspect commits (#49): a git repository made here with commits by two authors, the real sentry-cli 3.8
// (`releases new`, `set-commits --auto`: no repository integration, so the commits come from the local git tree,
// `finalize`), then the real @sentry/node throwing in one of the changed files: the commit that changed the file
// of the innermost in-app frame, and its author, come first. Then: assigning a new issue to the author when the
// project asks for it (a member) and not otherwise. (Why there are none: suspect-commits-reasons.test.ts.)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import { assignToSuspectAuthor } from '@/lib/suspect-commits/auto-assign';
import { WORKFLOW_HANDLERS } from '@/lib/boot/workflow-handlers';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { startAppServer } from '../support/app-server';
import { sentryCli } from '../support/js-build';
import { issueTitled, suspectsOf } from '../support/suspect-commits';
import { inviteAndJoin } from '../support/teams';
import { createToken } from '../support/tokens';

const run = promisify(execFile);
const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

let owner: Awaited<ReturnType<typeof signUp>>;
let ada: Awaited<ReturnType<typeof inviteAndJoin>>;
let project: Awaited<ReturnType<typeof createProject>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let repo: string;
let cliEnv: Record<string, string>;
const shas: Record<string, string> = {};

const BOB = { name: 'Bob Builder', email: 'bob@outside.example' };

async function commit(label: string, who: { name: string; email: string }, files: Record<string, string>, day: number) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  }
  const when = `2026-11-0${day}T10:00:00Z`;
  await run('git', ['add', '-A'], { cwd: repo });
  await run('git', ['commit', '-q', '-m', `${label}\n\nMore about it.`], {
    cwd: repo,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: who.email,
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: who.email,
      GIT_AUTHOR_DATE: when,
      GIT_COMMITTER_DATE: when,
    },
  });
  shas[label] = (await run('git', ['rev-parse', 'HEAD'], { cwd: repo })).stdout.trim();
}

const APP = `import * as Sentry from '@sentry/node';
import { applyCoupon } from './src/checkout.mjs';
import { search } from './src/search.mjs';

Sentry.init({ dsn: process.argv[2], release: process.argv[3], defaultIntegrations: false });
function run(which) {
  return which === 'search' ? search(null, 'shoes') : applyCoupon({ total: 10 });
}
try {
  run(process.argv[4]);
} catch (err) {
  Sentry.captureException(err);
}
await Sentry.flush(5000);
console.log('sent');
`;
const CHECKOUT = `export function applyCoupon(cart) {
  const total = cart.total;
  return total - cart.coupon.amount;
}
`;
const SEARCH = `export function search(index, query) {
  return index.lookup(query);
}
`;

/** Runs the repository's program with the real @sentry/node: `checkout` or `search` throws. */
async function throwIn(which: 'checkout' | 'search', release: string, into = project) {
  const dsn = (into.keys[0] as (typeof into.keys)[0] & { sentryDsn: string }).sentryDsn.replace(
    'localhost:3000',
    new URL(server.url).host,
  );
  const { stdout } = await run(process.execPath, [path.join(repo, 'app.mjs'), dsn, release, which], {
    cwd: repo,
    timeout: 30_000,
  });
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');
}

beforeAll(async () => {
  owner = await signUp({ name: 'Shop owner' });
  ada = await inviteAndJoin(owner.client, 'MEMBER', 'Ada Lovelace');
  project = await createProject(owner.client, 'Shop', 'node');
  const orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  const token = (await createToken(owner.client, ['releases'])).token;
  server = await startAppServer();
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-suspects-'));
  fs.symlinkSync(NODE_MODULES, path.join(repo, 'node_modules'));
  await run('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  await run('git', ['remote', 'add', 'origin', 'https://github.com/acme/shop.git'], { cwd: repo });
  // Bob writes the program and the search; Ada (a member: her address as git has it, upper case) the checkout.
  await commit('Add the shop program', BOB, { '.gitignore': 'node_modules\n', 'app.mjs': APP }, 1);
  await commit(
    'Apply coupons at checkout',
    { name: 'Ada Lovelace', email: ada.email.toUpperCase() },
    {
      'src/checkout.mjs': CHECKOUT,
    },
    2,
  );
  await commit('Search the index', BOB, { 'src/search.mjs': SEARCH }, 3);
  await commit('Document the shop', BOB, { 'README.md': '# Shop\n' }, 4);
  cliEnv = { SENTRY_URL: server.url, SENTRY_AUTH_TOKEN: token, SENTRY_ORG: orgSlug, SENTRY_PROJECT: project.slug };
}, 60_000);

afterAll(async () => {
  await stopJobs();
  await server.close();
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('suspect commits from sentry-cli and @sentry/node', () => {
  it('set-commits --auto, then an error in a changed file: that commit and its author first, the caller next', async () => {
    const cli = (args: string[]) => sentryCli(args, cliEnv, repo);
    expect((await cli(['releases', 'new', 'shop@1.0.0'])).stdout).toContain('Created release shop@1.0.0');
    expect((await cli(['releases', 'set-commits', 'shop@1.0.0', '--auto'])).stdout).toContain(
      'Success! Set commits for release shop@1.0.0',
    );
    await cli(['releases', 'finalize', 'shop@1.0.0']);
    await throwIn('checkout', 'shop@1.0.0');

    const issue = await issueTitled(
      project.id,
      owner.client,
      "TypeError: Cannot read properties of undefined (reading 'amount')",
    );
    const res = await suspectsOf(owner.client, project.id, issue.id);
    expect(res.status).toBe(200);
    expect([res.body.data.release, res.body.data.releases, res.body.data.reason]).toEqual([
      'shop@1.0.0',
      ['shop@1.0.0'],
      null,
    ]);
    const [first, second, ...rest] = res.body.data.suspects;
    expect(first).toEqual({
      sha: shas['Apply coupons at checkout'],
      repository: expect.any(String),
      message: 'Apply coupons at checkout\n\nMore about it.\n',
      authorName: 'Ada Lovelace',
      authorEmail: ada.email.toUpperCase(),
      committedAt: '2026-11-02T10:00:00.000Z',
      release: 'shop@1.0.0',
      file: { path: 'src/checkout.mjs', type: 'A' },
      frame: {
        filename: path.join(fs.realpathSync(repo), 'src/checkout.mjs'),
        absPath: null,
        function: 'applyCoupon',
        lineno: 3,
      },
      frameIndex: 0,
      matchLength: 2,
      member: { id: ada.userId, name: 'Ada Lovelace', email: ada.email },
    });
    // The program's own file is the next frame out: Bob's commit, Bob no member.
    expect([second.sha, second.authorName, second.file.path, second.frameIndex, second.member]).toEqual([
      shas['Add the shop program'],
      'Bob Builder',
      'app.mjs',
      1,
      null,
    ]);
    expect(rest).toEqual([]);
  }, 120_000);

  it('an error in the other author’s file names that author’s commit first', async () => {
    await throwIn('search', 'shop@1.0.0');
    const issue = await issueTitled(
      project.id,
      owner.client,
      "TypeError: Cannot read properties of null (reading 'lookup')",
    );
    const res = await suspectsOf(owner.client, project.id, issue.id);
    expect(
      res.body.data.suspects.map((s: { sha: string; authorEmail: string; frame: { lineno: number } }) => [
        s.sha,
        s.authorEmail,
        s.frame.lineno,
      ]),
    ).toEqual([
      [shas['Search the index'], BOB.email, 2],
      [shas['Add the shop program'], BOB.email, 7],
    ]);
  }, 60_000);
});

describe('auto-assignment to the author of the top suspect', () => {
  const issueIdOf = async (title: string) => (await issueTitled(project.id, owner.client, title)).id;
  const checkoutTitle = "TypeError: Cannot read properties of undefined (reading 'amount')";
  const searchTitle = "TypeError: Cannot read properties of null (reading 'lookup')";
  const workflowJobs = async (issueId: string) =>
    (
      await pool().query<{ data: Record<string, unknown> }>(
        `SELECT data FROM pgboss.job WHERE name = 'workflow' AND data->>'issueId' = $1 AND data->>'type' = 'ASSIGNED'`,
        [issueId],
      )
    ).rows.map(({ data: { id: _queuedId, ...event } }) => event); // id: set when queued, if the queue sets one

  it('is registered as a workflow handler of new issues', () => {
    expect(WORKFLOW_HANDLERS.filter((h) => h.name === 'suspect-commit-assignment').map((h) => h.on)).toEqual([
      ['NEW_ISSUE'],
    ]);
  });

  it('off by default: the issue stays unassigned', async () => {
    expect((await owner.client.get(`/api/v1/projects/${project.id}/suspect-commits`)).body.data).toEqual({
      autoAssign: false,
    });
    const issueId = await issueIdOf(checkoutTitle);
    await assignToSuspectAuthor({ type: 'NEW_ISSUE', projectId: project.id, issueId });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueId } })).assigneeId).toBeNull();
  });

  it('a member cannot turn it on (403), another organization cannot see it (404), bad input is 400', async () => {
    const member = await ada.client.patch(`/api/v1/projects/${project.id}/suspect-commits`, { autoAssign: true });
    expect(member.status).toBe(403);
    const bad = await owner.client.patch(`/api/v1/projects/${project.id}/suspect-commits`, { autoAssign: 'yes' });
    expect([bad.status, bad.body.error]).toEqual([400, [{ path: ['autoAssign'], message: 'Must be true or false' }]]);
    const stranger = await signUp({ name: 'Stranger' });
    for (const res of [
      await stranger.client.get(`/api/v1/projects/${project.id}/suspect-commits`),
      await stranger.client.patch(`/api/v1/projects/${project.id}/suspect-commits`, { autoAssign: true }),
    ])
      expect(res.status).toBe(404);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).suspectCommitAutoAssign).toBe(false);
  });

  it('on: assigned to the member who wrote the top suspect, once, with the commit in the activity and the event', async () => {
    const on = await owner.client.patch(`/api/v1/projects/${project.id}/suspect-commits`, { autoAssign: true });
    expect([on.status, on.body.data]).toEqual([200, { autoAssign: true }]);
    const issueId = await issueIdOf(checkoutTitle);
    // Twice, as a retried job would.
    await assignToSuspectAuthor({ type: 'NEW_ISSUE', projectId: project.id, issueId });
    await assignToSuspectAuthor({ type: 'NEW_ISSUE', projectId: project.id, issueId });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueId } })).assigneeId).toBe(ada.userId);
    const details = {
      source: 'suspect_commit',
      commit: {
        sha: shas['Apply coupons at checkout'],
        message: 'Apply coupons at checkout\n\nMore about it.\n',
        authorEmail: ada.email.toUpperCase(),
      },
    };
    const activities = await db.issueActivity.findMany({ where: { issueId, type: 'ASSIGNED' } });
    expect(activities.map((a) => [a.actorId, a.assigneeId, a.assigneeTeamId, a.details])).toEqual([
      [null, ada.userId, null, details],
    ]);
    expect(await workflowJobs(issueId)).toEqual([
      {
        type: 'ASSIGNED',
        projectId: project.id,
        issueId,
        actorId: null,
        assigneeUserId: ada.userId,
        assigneeTeamId: null,
        details,
      },
    ]);
  });

  it('on, but the top suspect’s author is no member: unassigned, nothing recorded', async () => {
    const issueId = await issueIdOf(searchTitle);
    await assignToSuspectAuthor({ type: 'NEW_ISSUE', projectId: project.id, issueId });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueId } })).assigneeId).toBeNull();
    expect(await db.issueActivity.count({ where: { issueId, type: 'ASSIGNED' } })).toBe(0);
    expect(await workflowJobs(issueId)).toEqual([]);
  });

  it('on, but someone has the issue already: it stays theirs', async () => {
    const issueId = await issueIdOf(checkoutTitle);
    await db.issue.update({ where: { id: issueId }, data: { assigneeId: owner.user.id } });
    await assignToSuspectAuthor({ type: 'NEW_ISSUE', projectId: project.id, issueId });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issueId } })).assigneeId).toBe(owner.user.id);
    expect(await db.issueActivity.count({ where: { issueId, type: 'ASSIGNED' } })).toBe(1);
  });
});

describe('through the workflow queue', () => {
  it('ingest of a new issue → NEW_ISSUE → the handlers in order: the member whose commit it is gets it', async () => {
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await setPlan(owner.orgId, 'PRO');
    const second = await createProject(owner.client, 'Shop two', 'node');
    expect(
      (await owner.client.patch(`/api/v1/projects/${second.id}/suspect-commits`, { autoAssign: true })).status,
    ).toBe(200);
    // --local: the commits from the local git tree, as --auto does without a repository integration.
    const env = { ...cliEnv, SENTRY_PROJECT: second.slug };
    await sentryCli(['releases', 'new', 'two@1.0.0'], env, repo);
    expect((await sentryCli(['releases', 'set-commits', 'two@1.0.0', '--local'], env, repo)).stdout).toContain(
      'Success! Set commits for release two@1.0.0',
    );
    await startJob(QUEUES.workflow);
    await throwIn('checkout', 'two@1.0.0', second);
    const issue = await issueTitled(
      second.id,
      owner.client,
      "TypeError: Cannot read properties of undefined (reading 'amount')",
    );
    await expect
      .poll(async () => (await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).assigneeId, {
        timeout: 20_000,
      })
      .toBe(ada.userId);
    const activities = await db.issueActivity.findMany({ where: { issueId: issue.id, type: 'ASSIGNED' } });
    expect(activities.map((a) => (a.details as { source: string; commit: { sha: string } }).commit.sha)).toEqual([
      shas['Apply coupons at checkout'],
    ]);
  }, 120_000);
});
