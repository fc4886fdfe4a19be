// Upgrades that keep everything (#50): the previous version (tests/support/old-version.ts: OLD_VERSION) runs on a
// fresh PostgreSQL and is given data through its own API and real clients (sign-up, projects, keys, @sentry/node
// and python3-sentry-sdk errors, a comment, an alert rule, an API token, a release with a source map uploaded by
// sentry-cli and a minified error it symbolicates). It is stopped (its whole process group), today's code applies
// its migrations to the same database and serves it, and everything reads back as the old version served it: the
// same issues, counts, events and frames, the old password, session cookie and token, the old DSN, and the same
// errors sent again by the same SDKs land in the same issues.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import { buildApp, debugIdOf, sentryCli } from '../support/js-build';
import { OLD_VERSION, prepareOldVersion, startOldVersion, type RunningOldVersion } from '../support/old-version';
import { dsn, Http, issuesOf, lost, settledIssues, type Project } from '../support/upgrade';

const run = promisify(execFile);
const SDKS = path.join(import.meta.dirname, '../support/upgrade-sdks');
const PASSWORD = 'correct horse battery staple';
const EMAIL = `upgrade-${process.pid}@example.com`;

let workDir: string;
let database: EmbeddedDb;
let old: RunningOldVersion | undefined;
let current: { url: string; close: () => Promise<void> } | undefined;
let outboxDir: string;
let orgSlug: string;
let node: Project;
let python: Project;
let web: Project;
let apiToken: string;
let oldCookie: string;
let minified: { file: string; text: string; debugId: string };
const timings: Record<string, number> = {};

/** Everything the old version answered, by request path: what today's version must still answer. */
const served = new Map<string, unknown>();

function outboxPasscode(email: string): string {
  const msgs = fs
    .readdirSync(outboxDir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')))
    .filter((m) => m.to === email && m.template === 'otp');
  if (!msgs.length) throw new Error(`no passcode email for ${email}`);
  return String(msgs.at(-1).data.otp);
}

async function runSdks(base: string) {
  const node1 = run(process.execPath, [path.join(SDKS, 'app.mjs'), dsn(base, node)], { timeout: 60_000 });
  const py = run('/usr/bin/python3', [path.join(SDKS, 'app.py'), dsn(base, python)], { timeout: 60_000 });
  for (const { stdout } of await Promise.all([node1, py])) expect(stdout.trim().split('\n').at(-1)).toBe('sent');
}

/** A minified error as a browser reports it, at the bundle's minified positions, sent to the project's ingest. */
async function sendMinifiedError(http: Http) {
  const text = minified.text;
  const inner = /function (\w+)\((\w+)\)\{return \2\.missing\.value\}/.exec(text)!;
  const outer = new RegExp(`function (\\w+)\\(\\)\\{return ${inner[1].replace('$', '\\$')}\\(\\{\\}\\)\\}`).exec(text)!;
  const at = (needle: string) => {
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.includes(needle));
    return { lineno: i + 1, colno: lines[i].indexOf(needle) + 1 };
  };
  const url = `https://shop.example.com/assets/${minified.file}`;
  const inAt = at(`${inner[2]}.missing.value`);
  const outAt = at(`return ${inner[1]}({})`);
  const frames = [
    { filename: url, abs_path: url, function: outer[1], lineno: outAt.lineno, colno: outAt.colno + 'return '.length },
    { filename: url, abs_path: url, function: inner[1], ...inAt },
  ];
  const event = {
    event_id: crypto.randomUUID().replaceAll('-', ''),
    platform: 'javascript',
    level: 'error',
    release: 'storefront@3.1.0',
    timestamp: Date.now() / 1000,
    exception: {
      values: [
        { type: 'TypeError', value: "Cannot read properties of undefined (reading 'value')", stacktrace: { frames } },
      ],
    },
    debug_meta: { images: [{ type: 'sourcemap', code_file: url, debug_id: minified.debugId }] },
  };
  const envelope = [
    JSON.stringify({ event_id: event.event_id }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  const res = await http.post(`/api/${web.number}/envelope/?sentry_key=${web.keys[0].publicKey}`, envelope, {
    'content-type': 'application/x-sentry-envelope',
  });
  expect(res.status, res.text).toBe(200);
}

/** The GET paths whose answers must survive the upgrade (issues, their events one by one, activity, comments…). */
async function readablePaths(http: Http): Promise<string[]> {
  const paths = ['/api/v1/auth/me', '/api/v1/organization/members', '/api/v1/organization/tokens', '/api/v1/projects'];
  for (const p of [node, python, web]) {
    const base = `/api/v1/projects/${p.id}`;
    paths.push(base, `${base}/keys`, `${base}/alerts`, `${base}/releases`, `${base}/environments`);
    for (const issue of await issuesOf(http, p)) {
      const ib = `${base}/issues/${issue.id}`;
      paths.push(ib, `${ib}/events`, `${ib}/activity`, `${ib}/tags`);
      const events = await http.data('GET', `${ib}/events?limit=100`);
      for (const e of events.events as { id: string }[]) paths.push(`${ib}/events/${e.id}`);
    }
  }
  paths.push(`/api/v1/projects/${web.id}/releases/${encodeURIComponent('storefront@3.1.0')}`);
  paths.push(`/api/v1/projects/${web.id}/releases/${encodeURIComponent('storefront@3.1.0')}/files`);
  return paths;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-upgrade-'));
  fs.chmodSync(workDir, 0o755);
  outboxDir = path.join(workDir, 'outbox');
  fs.mkdirSync(outboxDir);
  let t = Date.now();
  const prepared = prepareOldVersion();
  timings.prepareOld = Date.now() - t;
  if (prepared.buildMs !== undefined) timings.buildOld = prepared.buildMs;
  t = Date.now();
  database = await startEmbeddedPostgres({
    dir: path.join(workDir, 'pg'),
    database: 'tracker_upgrade',
    persistent: false,
  });
  timings.postgres = Date.now() - t;
  t = Date.now();
  old = await startOldVersion(prepared, {
    DATABASE_URL: database.url,
    MAIL_OUTBOX_DIR: outboxDir,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: process.env.SESSION_SECRET!,
  });
  timings.startOld = Date.now() - t;
}, 600_000);

afterAll(async () => {
  await old?.stop();
  await current?.close();
  console.log(`[upgrade] from ${OLD_VERSION}: ${JSON.stringify(timings)}`);
  // Today's pool (lib/pg) points at this database: close it before the database goes.
  const { shutdownBackground } = await import('@/lib/shutdown').catch(() => ({ shutdownBackground: undefined }));
  await shutdownBackground?.().catch(() => {});
  const { getDb } = await import('@/lib/db');
  await getDb()
    .$disconnect()
    .catch(() => {});
  const { pool } = await import('@/lib/pg');
  await pool()
    .end()
    .catch(() => {});
  await database?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}, 60_000);

describe(`upgrade from ${OLD_VERSION} to today`, () => {
  it('the old version takes an account, projects, SDK errors, a comment, an alert rule, a token and a source-mapped release', async () => {
    const t = Date.now();
    const http = new Http(old!.url);
    expect(
      (await http.post('/api/v1/auth/register', { name: 'Olive Upgrade', email: EMAIL, password: PASSWORD })).status,
    ).toBe(201);
    expect((await http.post('/api/v1/auth/verify-otp', { email: EMAIL, otp: outboxPasscode(EMAIL) })).status).toBe(200);
    expect((await http.post('/api/v1/auth/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    oldCookie = http.cookie!;
    expect(oldCookie).toMatch(/^session=./);
    orgSlug = (await http.data('GET', '/api/v1/auth/me')).organization.slug;
    // Three projects take the paid plan (billing is not what this test is about), as the old tests' setPlan did.
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`UPDATE organizations SET plan = 'PRO' WHERE slug = $1`, [orgSlug]);
    await sql.end();

    node = await http.data('POST', '/api/v1/projects', { name: 'Shop API', platform: 'node' });
    python = await http.data('POST', '/api/v1/projects', { name: 'Billing worker', platform: 'python' });
    web = await http.data('POST', '/api/v1/projects', { name: 'Storefront', platform: 'javascript' });

    await runSdks(old!.url);
    const nodeIssues = await settledIssues(http, node, 9);
    // Four issues: the same stack groups its events whatever the message says (the title follows the latest).
    expect(nodeIssues.map((i) => [i.title.replace(/\d+/g, 'N'), i.eventCount])).toEqual([
      ['Error: nightly export finished with warnings', 2],
      ['Error: order N failed', 2],
      ['RangeError: invoice total out of range', 2],
      ['TypeError: card declined for amount N', 3],
    ]);
    await settledIssues(http, python, 5);

    const issue = nodeIssues[3];
    await http.data('POST', `/api/v1/projects/${node.id}/issues/${issue.id}/comments`, {
      body: 'Declines spike after the 2.4.0 deploy.',
    });
    await http.data('POST', `/api/v1/projects/${node.id}/alerts`, {
      name: 'New issues to on-call',
      type: 'NEW_ISSUE',
      notifyEmail: 'oncall@example.com',
    });
    apiToken = (await http.data('POST', '/api/v1/organization/tokens', { name: 'ci', scopes: ['read', 'releases'] }))
      .token;

    // A release with a minified bundle and its map, uploaded by the real sentry-cli, and an error it symbolicates.
    const app = await buildApp(7);
    const env = { SENTRY_URL: old!.url, SENTRY_AUTH_TOKEN: apiToken, SENTRY_ORG: orgSlug, SENTRY_PROJECT: web.slug };
    // (This version's sentry-cli support is the upload itself, which makes the release: no `releases new` yet.)
    await sentryCli(['sourcemaps', 'inject', app.dist], env);
    await sentryCli(['sourcemaps', 'upload', '--release', 'storefront@3.1.0', app.dist], env);
    const text = fs.readFileSync(path.join(app.dist, app.file), 'utf8');
    minified = { file: app.file, text, debugId: debugIdOf(text) };
    await sendMinifiedError(http);
    const [webIssue] = await settledIssues(http, web, 1);
    const events = await http.data('GET', `/api/v1/projects/${web.id}/issues/${webIssue.id}/events`);
    const frames = events.events[0].stacktrace.frames;
    expect(
      frames.map((f: { filename: string; function: string; lineno: number }) => [f.filename, f.function, f.lineno]),
    ).toEqual([
      ['src/main.js', 'explode', 2],
      ['src/main.js', 'handleClick', 6],
    ]);

    const failed: string[] = [];
    for (const p of await readablePaths(http)) {
      const res = await http.get(p);
      if (res.status === 200) served.set(p, res.body.data);
      else failed.push(`${p}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
    // What the reads cover: the comment (in the issue's activity), the rule, the token, the release's two files.
    const ib = `/api/v1/projects/${node.id}/issues/${issue.id}`;
    expect(JSON.stringify(served.get(`${ib}/activity`))).toContain('Declines spike after the 2.4.0 deploy.');
    expect(JSON.stringify(served.get(`/api/v1/projects/${node.id}/alerts`))).toContain('New issues to on-call');
    expect(JSON.stringify(served.get('/api/v1/organization/tokens'))).toContain('"ci"');
    const files = served.get(`/api/v1/projects/${web.id}/releases/${encodeURIComponent('storefront@3.1.0')}/files`);
    expect((files as { url: string }[]).map((f) => f.url).sort()).toEqual([`~/${app.file}`, `~/${app.file}.map`]);
    timings.writeOld = Date.now() - t;
  }, 240_000);

  it("today's code applies its migrations to the old version's database and serves it", async () => {
    let t = Date.now();
    await old!.stop();
    timings.stopOld = Date.now() - t;
    old = undefined;
    t = Date.now();
    migrateDeploy(database.url);
    timings.migrate = Date.now() - t;
    // Grouping changed since (#28 messages with a stack, #43): deliberately, by version. The projects the old version
    // made keep version 1, so their stored issues keep matching; projects made from now on get the latest.
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const versions = await sql.query(`SELECT slug, grouping_version FROM projects ORDER BY slug`);
    await sql.end();
    expect(versions.rows).toEqual(
      [node, python, web]
        .map((p) => ({ slug: p.slug, grouping_version: 1 }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    // Today's code in this process, on that database: nothing here has touched lib/db's pool before.
    process.env.DATABASE_URL = database.url;
    process.env.MAIL_OUTBOX_DIR = outboxDir;
    const { startAppServer } = await import('../support/app-server');
    current = await startAppServer();
    const health = await new Http(current.url).get('/api/health');
    expect(health.status, health.text).toBe(200);
  }, 240_000);

  it('reads back everything the old version served: issues, counts, events, frames, comments, rules, tokens, releases', async () => {
    const http = new Http(current!.url);
    http.cookie = oldCookie;
    expect(served.size).toBeGreaterThan(40);
    const diffs: string[] = [];
    for (const [p, then] of served) {
      const res = await http.get(p);
      if (res.status !== 200) diffs.push(`${p}: ${res.status} ${res.text.slice(0, 200)}`);
      else diffs.push(...lost(then, res.body.data, p));
    }
    expect(diffs).toEqual([]);
  }, 120_000);

  it('the old session cookie, the old password and the old token still sign in', async () => {
    const byCookie = new Http(current!.url);
    byCookie.cookie = oldCookie;
    expect((await byCookie.data('GET', '/api/v1/auth/me')).email).toBe(EMAIL);

    const fresh = new Http(current!.url);
    const login = await fresh.post('/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    expect(fresh.cookie).toMatch(/^session=./);
    expect(fresh.cookie).not.toBe(oldCookie);
    expect((await fresh.data('GET', '/api/v1/auth/me')).email).toBe(EMAIL);
    expect((await fresh.post('/api/v1/auth/login', { email: EMAIL, password: 'not the password' })).status).toBe(401);

    const byToken = new Http(current!.url, apiToken);
    const releases = await byToken.get(`/api/v1/projects/${web.id}/releases`);
    expect(releases.status, releases.text).toBe(200);
    expect(lost(served.get(`/api/v1/projects/${web.id}/releases`), releases.body.data)).toEqual([]);
  });

  it('the same errors sent again by the same SDKs to the old DSNs land in the same issues (each count doubles, no new issue)', async () => {
    const http = new Http(current!.url);
    http.cookie = oldCookie;
    const before = {
      node: await issuesOf(http, node),
      python: await issuesOf(http, python),
      web: await issuesOf(http, web),
    };
    await runSdks(current!.url);
    await sendMinifiedError(http);
    const after = {
      node: await settledIssues(http, node, 18),
      python: await settledIssues(http, python, 10),
      web: await settledIssues(http, web, 2),
    };
    // By id: two issues seen last in the same batch (the same message from two call sites) tie in the list's order.
    const byId = (rows: (string | number)[][]) => rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    for (const k of ['node', 'python', 'web'] as const) {
      expect(byId(after[k].map((i) => [i.id, i.title, i.eventCount]))).toEqual(
        byId(before[k].map((i) => [i.id, i.title, i.eventCount * 2])),
      );
    }
    // The minified error is symbolicated with the map the old version stored.
    const events = await http.data('GET', `/api/v1/projects/${web.id}/issues/${after.web[0].id}/events`);
    expect(events.events).toHaveLength(2);
    for (const e of events.events)
      expect(e.stacktrace.frames.map((f: { filename: string; function: string }) => [f.filename, f.function])).toEqual([
        ['src/main.js', 'explode'],
        ['src/main.js', 'handleClick'],
      ]);
  }, 120_000);

  it('the old DSN takes what the old version had no place for: cron check-ins and user feedback', async () => {
    const { stdout } = await run(process.execPath, [path.join(SDKS, 'after.mjs'), dsn(current!.url, node)], {
      timeout: 60_000,
    });
    expect(stdout.trim().split('\n').at(-1)).toBe('sent');
    const http = new Http(current!.url);
    http.cookie = oldCookie;
    const monitors = await http.data('GET', `/api/v1/projects/${node.id}/monitors`);
    expect(monitors).toMatchObject([
      { slug: 'nightly-export', status: 'ok', runs: [{ status: 'ok' }, { status: 'ok' }] },
    ]);
    const feedback = await http.data('GET', `/api/v1/projects/${node.id}/feedback`);
    expect(feedback.feedback.map((f: { message: string }) => f.message)).toEqual([
      'Checkout works again after the upgrade',
    ]);
  }, 60_000);
});
