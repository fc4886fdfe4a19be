// #29: the whole CI script Sentry's docs give, run unchanged with the real sentry-cli 3.8 against our server:
// releases new, set-commits --auto (no repository integration: commits from the local git tree), sourcemaps
// inject + upload, releases finalize, deploys new; then info, list, deploys list and delete. The release page's
// API shows the commits, the deploy and the artifacts; a map that is not valid JSON fails the upload with its reason.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { startAppServer } from '../support/app-server';
import { buildApp, sentryCli } from '../support/js-build';
import { createToken, TokenClient } from '../support/tokens';

const git = promisify(execFile);
let owner: TestClient;
let orgSlug: string;
let project: Awaited<ReturnType<typeof createProject>>;
let token: string;
let server: Awaited<ReturnType<typeof startAppServer>>;
let repo: string;
let env: Record<string, string>;

async function commit(message: string, file: string, when: string) {
  fs.writeFileSync(path.join(repo, file), `${message}\n`);
  await git('git', ['add', '-A'], { cwd: repo });
  await git('git', ['commit', '-q', '-m', message], {
    cwd: repo,
    env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
  });
  return (await git('git', ['rev-parse', 'HEAD'], { cwd: repo })).stdout.trim();
}

const cli = (args: string[]) => sentryCli(args, env, repo);
const release = (version: string) =>
  owner.get(`/api/v1/projects/${project.id}/releases/${encodeURIComponent(version)}`);

beforeAll(async () => {
  const o = await signUp({ name: 'CI owner' });
  owner = o.client;
  project = await createProject(owner, 'Storefront');
  orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: o.orgId } })).slug;
  token = (await createToken(owner, ['releases'])).token;
  server = await startAppServer();
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-repo-'));
  await git('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  await git('git', ['config', 'user.name', 'Grace Hopper'], { cwd: repo });
  await git('git', ['config', 'user.email', 'grace@example.com'], { cwd: repo });
  await git('git', ['remote', 'add', 'origin', 'https://github.com/acme/storefront.git'], { cwd: repo });
  env = { SENTRY_URL: server.url, SENTRY_AUTH_TOKEN: token, SENTRY_ORG: orgSlug, SENTRY_PROJECT: project.slug };
}, 60_000);

afterAll(async () => {
  await server.close();
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('sentry-cli 3.8: the release flow of a CI script', () => {
  let shas: string[];

  it('new, set-commits --auto, inject, upload, finalize, deploys new: all succeed; the release shows all of it', async () => {
    shas = [
      await commit('Add checkout', 'checkout.js', '2026-11-01T10:00:00Z'),
      await commit('Fix totals\n\nRounding per line.', 'totals.js', '2026-11-02T10:00:00Z'),
    ];
    const app = await buildApp(7);
    expect((await cli(['releases', 'new', 'shop@1.0.0'])).stdout).toContain('Created release shop@1.0.0');
    expect((await cli(['releases', 'set-commits', 'shop@1.0.0', '--auto'])).stdout).toContain(
      'Success! Set commits for release shop@1.0.0',
    );
    await cli(['sourcemaps', 'inject', app.dist]);
    await cli(['sourcemaps', 'upload', '--release', 'shop@1.0.0', app.dist]);
    await cli(['releases', 'finalize', 'shop@1.0.0']);
    expect((await cli(['deploys', 'new', '-r', 'shop@1.0.0', '-e', 'production'])).stdout).toContain(
      "for 'production'",
    );

    const r = await release('shop@1.0.0');
    expect(r.status).toBe(200);
    expect(r.body.data.dateReleased).toEqual(expect.any(String));
    expect(
      r.body.data.commits.map((c: { id: string; message: string; author: { name: string }; files: unknown[] }) => [
        c.id,
        c.message,
        c.author.name,
        c.files,
      ]),
    ).toEqual([
      [shas[1], 'Fix totals\n\nRounding per line.\n', 'Grace Hopper', [{ path: 'totals.js', type: 'A' }]],
      [shas[0], 'Add checkout\n', 'Grace Hopper', [{ path: 'checkout.js', type: 'A' }]],
    ]);
    expect(r.body.data.deploys.map((d: { environment: string }) => d.environment)).toEqual(['production']);
    // What was uploaded for the bundle's debug ID (sentry-cli's `sourcemaps explain` question).
    const debugId = /\/\/# debugId=([0-9a-f-]{36})/.exec(fs.readFileSync(path.join(app.dist, app.file), 'utf8'))![1];
    const byId = await owner.get(`/api/v1/projects/${project.id}/debug-ids/${debugId.toUpperCase()}`);
    expect(
      byId.body.data.files.map((f: { type: string; release: string; usable: boolean }) => [
        f.type,
        f.release,
        f.usable,
      ]),
    ).toEqual([
      ['minified_source', 'shop@1.0.0', true],
      ['source_map', 'shop@1.0.0', true],
    ]);
    expect((await owner.get(`/api/v1/projects/${project.id}/debug-ids/not-a-uuid`)).status).toBe(400);
    expect(
      r.body.data.artifacts.map((a: { url: string; type: string; usable: boolean }) => [a.url, a.type, a.usable]),
    ).toEqual([
      [`~/${app.file}`, 'minified_source', true],
      [`~/${app.file}.map`, 'source_map', true],
    ]);
    fs.rmSync(app.dir, { recursive: true, force: true });
  }, 120_000);

  it('info, list and deploys list read it back as sentry-cli prints them', async () => {
    expect((await cli(['releases', 'info', 'shop@1.0.0'])).stdout).toContain('shop@1.0.0');
    expect((await cli(['releases', 'list'])).stdout).toContain('shop@1.0.0');
    expect((await cli(['deploys', 'list', '-r', 'shop@1.0.0'])).stdout).toContain('production');
  }, 60_000);

  it('the next release gets only the commits since the previous one', async () => {
    const third = await commit('Speed up search', 'search.js', '2026-11-03T10:00:00Z');
    await cli(['releases', 'new', 'shop@1.1.0']);
    await cli(['releases', 'set-commits', 'shop@1.1.0', '--auto']);
    expect((await release('shop@1.1.0')).body.data.commits.map((c: { id: string }) => c.id)).toEqual([third]);
  }, 60_000);

  it('a map that is not valid JSON fails the upload, saying which and why; nothing is stored; fixed, it uploads', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-broken-'));
    fs.writeFileSync(
      path.join(dist, 'app.min.js'),
      'function a(){throw new Error("x")}a();\n//# sourceMappingURL=app.min.js.map\n',
    );
    fs.writeFileSync(path.join(dist, 'app.min.js.map'), '{"version":3,"sources":["app.js"],"mappings":"AAAA,');
    await cli(['releases', 'new', 'shop@broken']);
    const up = await cli(['sourcemaps', 'upload', '--release', 'shop@broken', dist]).then(
      (r) => ({ code: 0, ...r }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(up.code, up.stdout).not.toBe(0);
    expect(up.stdout + up.stderr).toContain('~/app.min.js.map: not a valid source map (Source map is not valid JSON)');
    expect((await release('shop@broken')).body.data.artifacts).toEqual([]);

    fs.writeFileSync(
      path.join(dist, 'app.min.js.map'),
      JSON.stringify({ version: 3, sources: ['app.js'], names: [], mappings: 'AAAA' }),
    );
    await cli(['sourcemaps', 'upload', '--release', 'shop@broken', dist]);
    const artifacts = (await release('shop@broken')).body.data.artifacts as {
      url: string;
      type: string;
      usable: boolean;
    }[];
    expect(artifacts.map((a) => [a.url, a.type, a.usable])).toEqual([
      ['~/app.min.js', 'minified_source', true],
      ['~/app.min.js.map', 'source_map', true],
    ]);
    fs.rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  it('delete removes the version; info then fails and delete again does nothing', async () => {
    expect((await cli(['releases', 'delete', 'shop@1.1.0'])).stdout).toContain('Deleted release shop@1.1.0');
    expect((await release('shop@1.1.0')).status).toBe(404);
    await expect(cli(['releases', 'info', 'shop@1.1.0'])).rejects.toThrow();
    expect((await cli(['releases', 'delete', 'shop@1.1.0'])).stdout).toContain('Did nothing');
  }, 60_000);
});

describe('the Sentry release endpoints: bad input and other organizations', () => {
  const base = () => `/api/0/organizations/${orgSlug}/releases/`;

  it.each([
    ['no projects', { version: 'v1' }, 400, 'Name at least one project (projects)'],
    ['an unknown project', { version: 'v1', projects: ['nope'] }, 400, 'Invalid project slugs: nope'],
    ['a version with a slash', { version: 'a/b', projects: [] }, 400, 'Validation error'],
    ['an empty version', { version: '', projects: ['x'] }, 400, 'Validation error'],
    ['a date that is no date', { version: 'v1', dateReleased: 'yesterday' }, 400, 'Validation error'],
  ])('POST releases/ with %s: %i', async (_label, body, status, message) => {
    const res = await new TokenClient(token).post(base(), body);
    expect([res.status, res.body.message, res.body.detail]).toEqual([status, message, message]);
  });

  it.each([
    ['PUT a release that does not exist', 'put', 'releases/none/', { dateReleased: '2026-11-01T00:00:00Z' }],
    ['GET its commits', 'get', 'releases/none/commits/', undefined],
    ['POST a deploy to it', 'post', 'releases/none/deploys/', { environment: 'production' }],
    ['DELETE it', 'delete', 'releases/none/', undefined],
  ])('%s: 404 with detail', async (_label, method, p, body) => {
    const c = new TokenClient(token);
    const url = `/api/0/organizations/${orgSlug}/${p}`;
    const res =
      method === 'put'
        ? await c.request('PUT', url, { body })
        : method === 'post'
          ? await c.post(url, body)
          : method === 'delete'
            ? await c.delete(url)
            : await c.get(url);
    expect([res.status, res.body.detail]).toEqual([404, 'Release not found']);
  });

  it('a deploy needs an environment', async () => {
    await new TokenClient(token).post(base(), { version: 'env-check', projects: [project.slug] });
    const res = await new TokenClient(token).post(`${base()}env-check/deploys/`, { environment: '' });
    expect([res.status, res.body.message]).toEqual([400, 'Validation error']);
  });

  it('another organization reaches nothing of ours: 404 and nothing changes', async () => {
    const other = await signUp({ name: 'Other org' });
    const otherToken = (await createToken(other.client, ['releases'])).token;
    const c = new TokenClient(otherToken);
    const before = await db.release.findMany({
      where: { projectId: project.id },
      orderBy: { version: 'asc' },
      select: { version: true, dateReleased: true },
    });
    for (const res of [
      await c.get(base()),
      await c.post(base(), { version: 'evil', projects: [project.slug] }),
      await c.get(`${base()}shop%401.0.0/`),
      await c.request('PUT', `${base()}shop%401.0.0/`, { body: { dateReleased: '2020-01-01T00:00:00Z' } }),
      await c.delete(`${base()}shop%401.0.0/`),
      await c.post(`${base()}shop%401.0.0/deploys/`, { environment: 'evil' }),
      await c.get(`/api/0/projects/${orgSlug}/${project.slug}/releases/`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(
      await db.release.findMany({
        where: { projectId: project.id },
        orderBy: { version: 'asc' },
        select: { version: true, dateReleased: true },
      }),
    ).toEqual(before);
  });
});
