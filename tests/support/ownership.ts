// The organization of the ownership tests (#49): an owner, a member (Alice), four teams and a project with ownership
// rules and a CODEOWNERS file, made once for a test file. The `let` bindings are live: useOwnershipProject's beforeAll
// sets them, the file's tests read them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { db } from '@/lib/db';
import { stopJobs } from '@/lib/jobs/boss';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { signUp } from './accounts';
import type { TestClient } from './client';
import { createProject, setPlan } from './fixtures';
import { inviteAndJoin } from './teams';

export type Project = Awaited<ReturnType<typeof createProject>>;

export let owner: Awaited<ReturnType<typeof signUp>>;
export let alice: { client: TestClient; email: string; userId: string };
export let project: Project;
export let teams: Record<string, string>;
export let appDir: string;

export const put = (client: TestClient, p: string, body: unknown) => client.request('PUT', p, { body });

export async function makeTeam(orgId: string, slug: string) {
  return (await db.team.create({ data: { orgId, name: slug, slug } })).id;
}

export const sentryDsnOf = (p: Project) => (p.keys[0] as Project['keys'][0] & { sentryDsn: string }).sentryDsn;

/** Polls `get` every 150 ms until it gives something; throws naming `what` after `ms`. */
export async function until<T>(
  what: string,
  get: () => Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const issueTitled = (projectId: string, title: string) =>
  until(`issue "${title}"`, () => db.issue.findFirst({ where: { projectId, title } }));
export const assignmentOf = (issueId: string) =>
  until(`assignment of ${issueId}`, () =>
    db.issueActivity.findFirst({
      where: { issueId, type: 'ASSIGNED' },
      select: { assigneeId: true, assigneeTeamId: true, details: true },
    }),
  );

/** Files of a small application, each throwing from its own path. */
export function writeApp(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

export const RULES = (aliceEmail: string) =>
  [
    '# Billing and checkout',
    'path:*/src/billing/* #payments',
    'path:src/billing/* #payments',
    `url:*/checkout* ${aliceEmail}`,
    'tags.region:eu #emea',
    'module:src.reports.* #reporting',
  ].join('\n');

/** Runs the workflow worker (which auto-assigns) and makes the organization and its project, for the whole file. */
export function useOwnershipProject() {
  beforeAll(async () => {
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await startJob(QUEUES.workflow);
    owner = await signUp({ name: 'Owner' });
    await setPlan(owner.orgId, 'PRO');
    alice = await inviteAndJoin(owner.client, 'MEMBER', 'Alice');
    project = await createProject(owner.client, 'Shop', 'node');
    teams = {};
    for (const slug of ['payments', 'emea', 'reporting', 'search']) teams[slug] = await makeTeam(owner.orgId, slug);
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ownership-app-'));
    const saved = await put(owner.client, `/api/v1/projects/${project.id}/ownership`, { raw: RULES(alice.email) });
    expect(saved.status, saved.text).toBe(200);
    const co = await owner.client.post(`/api/v1/projects/${project.id}/codeowners`, {
      raw: '# GitHub CODEOWNERS\n/app/src/search/ @acme/search\n',
      stackRoot: `${appDir}/`,
      sourceRoot: 'app/',
    });
    expect(co.status, co.text).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await stopJobs();
    fs.rmSync(appDir, { recursive: true, force: true });
  });
}
