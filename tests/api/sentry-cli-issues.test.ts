// #63: sentry-cli 3.8 from npm, run unchanged against our server with SENTRY_URL, SENTRY_AUTH_TOKEN, SENTRY_ORG
// and SENTRY_PROJECT: `info`, `issues list`, `issues resolve|mute|unresolve` by id (-i), by status (-s) and all of
// them (--all), and `logs list`. Each change shows in the database and in the next `issues list`; a token without
// the write scope is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startAppServer } from '../support/app-server';
import { sentryCli } from '../support/js-build';
import { createToken } from '../support/tokens';
import { issueEnvelope, send } from './ingest-helpers';

let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let env: Record<string, string>;
let numbers: string[];

const cli = (args: string[], extra: Record<string, string> = {}) => sentryCli(args, { ...env, ...extra });
const statuses = async () =>
  Object.fromEntries(
    (await db.issue.findMany({ where: { projectId: project.id }, select: { number: true, status: true } })).map((i) => [
      String(i.number),
      i.status,
    ]),
  );

beforeAll(async () => {
  owner = await signUp({ name: 'CLI owner' });
  project = await createProject(owner.client, 'Storefront');
  const org = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  for (const type of ['CartError', 'PaymentError', 'ShippingError', 'TaxError'])
    await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: issueEnvelope(type, {}, 'failed'),
    });
  numbers = (await db.issue.findMany({ where: { projectId: project.id }, orderBy: { number: 'asc' } })).map((i) =>
    String(i.number),
  );
  const token = (await createToken(owner.client, ['read', 'write'])).token;
  server = await startAppServer();
  env = { SENTRY_URL: server.url, SENTRY_AUTH_TOKEN: token, SENTRY_ORG: org, SENTRY_PROJECT: project.slug };
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('sentry-cli 3.8', () => {
  it('info reads the API root: the token is valid, whom it acts for, its scopes', async () => {
    const { stdout } = await cli(['info']);
    expect(stdout).toContain(`User: ${owner.email}`);
    expect(stdout).toContain('- event:write');
    expect(stdout).toContain(`Default Project: ${project.slug}`);
  }, 60_000);

  it('issues list shows every issue with its id, short id, title, status and level', async () => {
    const { stdout } = await cli(['issues', 'list']);
    for (const [n, type] of numbers.map((n, i) => [n, ['CartError', 'PaymentError', 'ShippingError', 'TaxError'][i]]))
      expect(stdout).toMatch(
        new RegExp(
          `\\| ${n} +\\| STOREFRONT-[0-9A-Z]+ +\\| ${type}: failed +\\| [0-9T:.Z-]+ +\\| unresolved +\\| error`,
        ),
      );
  }, 60_000);

  it('resolve -i, mute -i twice, unresolve -s muted, resolve --all, unresolve -s resolved: each change lands', async () => {
    const [a, b, c, d] = numbers;
    expect((await cli(['issues', 'resolve', '-i', a])).stdout).toContain('new status: resolved');
    expect(await statuses()).toEqual({ [a]: 'RESOLVED', [b]: 'UNRESOLVED', [c]: 'UNRESOLVED', [d]: 'UNRESOLVED' });
    expect((await cli(['issues', 'mute', '-i', b, '-i', c])).stdout).toContain('new status: muted');
    expect(await statuses()).toEqual({ [a]: 'RESOLVED', [b]: 'IGNORED', [c]: 'IGNORED', [d]: 'UNRESOLVED' });
    const listed = (await cli(['issues', 'list', '--query', 'is:ignored'])).stdout;
    expect(listed).toMatch(new RegExp(`\\| ${b} .*\\| ignored +\\|`));
    expect(listed).not.toContain(`| ${a} `);
    await cli(['issues', 'unresolve', '-s', 'muted']);
    expect(await statuses()).toEqual({ [a]: 'RESOLVED', [b]: 'UNRESOLVED', [c]: 'UNRESOLVED', [d]: 'UNRESOLVED' });
    // --all: Sentry's default selection, every unresolved issue.
    await cli(['issues', 'resolve', '--all']);
    expect(Object.values(await statuses())).toEqual(['RESOLVED', 'RESOLVED', 'RESOLVED', 'RESOLVED']);
    await cli(['issues', 'unresolve', '-s', 'resolved']);
    expect(Object.values(await statuses())).toEqual(['UNRESOLVED', 'UNRESOLVED', 'UNRESOLVED', 'UNRESOLVED']);
    // The activity records each change.
    const activity = await db.issueActivity.count({ where: { issue: { projectId: project.id }, type: 'STATUS' } });
    expect(activity).toBe(12);
  }, 120_000);

  it('resolve --next-release waits for a release after the latest one', async () => {
    await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: issueEnvelope('CartError', { release: 'storefront@1.0.0', timestamp: Date.now() - 30_000 }, 'failed'),
    });
    await cli(['issues', 'resolve', '--next-release', '-i', numbers[0]]);
    const issue = await db.issue.findUniqueOrThrow({ where: { number: BigInt(numbers[0]) } });
    expect([issue.status, issue.resolvedIn]).toEqual(['RESOLVED', 'storefront@1.0.0']);
  }, 60_000);

  it('a token without the write scope is refused, saying why, and nothing changes', async () => {
    const readOnly = (await createToken(owner.client, ['read'], 'read only')).token;
    const before = await statuses();
    const err = await cli(['issues', 'mute', '--all'], { SENTRY_AUTH_TOKEN: readOnly }).then(
      () => null,
      (e: { stderr: string }) => e,
    );
    expect(err?.stderr).toContain('This API token lacks the "write" scope (http status: 403)');
    expect(await statuses()).toEqual(before);
  }, 60_000);

  it('logs list reads the organization events endpoint for the logs dataset', async () => {
    const items = ['checkout started', 'card charged'].map((body, i) => ({
      timestamp: Date.now() / 1000 - 10 + i,
      level: i === 0 ? 'info' : 'warn',
      body,
      trace_id: 'a'.repeat(32),
    }));
    const envelope = [JSON.stringify({}), JSON.stringify({ type: 'log', item_count: 2 }), JSON.stringify({ items })];
    const res = await owner.client.post(
      `/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`,
      envelope.join('\n'),
    );
    expect(res.status).toBe(200);
    const { stdout } = await cli(['logs', 'list']);
    expect(stdout).toMatch(/card charged/);
    expect(stdout).toMatch(/checkout started/);
    expect(stdout.indexOf('card charged')).toBeLessThan(stdout.indexOf('checkout started'));
  }, 60_000);
});
