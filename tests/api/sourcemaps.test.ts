import fs from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { sha1 } from '@/lib/sourcemaps/upload-chunks';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { startAppServer } from '../support/app-server';
import { buildApp, debugIdOf, sentryCli } from '../support/js-build';
import { createToken, TokenClient } from '../support/tokens';
import { send } from './ingest-helpers';

type Frame = {
  filename: string;
  function?: string;
  lineno: number;
  colno?: number;
  abs_path?: string;
  context_line?: string;
  pre_context?: string[];
  raw?: Frame;
};

let owner: TestClient;
let orgSlug: string;
let project: Awaited<ReturnType<typeof createProject>>;
let releasesToken: string;
let server: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  const o = await signUp({ name: 'Maps owner' });
  owner = o.client;
  await setPlan(o.orgId, 'PRO');
  project = await createProject(owner, 'Minified app');
  orgSlug = (await db.organization.findUniqueOrThrow({ where: { id: o.orgId } })).slug;
  releasesToken = (await createToken(owner, ['releases'])).token;
  server = await startAppServer();
});
afterAll(async () => {
  await server.close();
});

/** Builds, injects and uploads with the real sentry-cli; returns the built file's text and debug ID. */
async function buildAndUpload(variant: number, release: string) {
  const app = await buildApp(variant);
  const env = {
    SENTRY_URL: server.url,
    SENTRY_AUTH_TOKEN: releasesToken,
    SENTRY_ORG: orgSlug,
    SENTRY_PROJECT: project.slug,
  };
  await sentryCli(['sourcemaps', 'inject', app.dist], env);
  const out = await sentryCli(['sourcemaps', 'upload', '--release', release, app.dist], env);
  const text = fs.readFileSync(path.join(app.dist, app.file), 'utf8');
  return { ...app, text, debugId: debugIdOf(text), stdout: out.stdout };
}

/** The frames a browser reports for the app's error (innermost first), at the minified positions. */
function minifiedFrames(text: string, url: string): Frame[] {
  const inner = /function (\w+)\((\w+)\)\{return \2\.missing\.value\}/.exec(text)!;
  const outer = new RegExp(`function (\\w+)\\(\\)\\{return ${inner[1].replace('$', '\\$')}\\(\\{\\}\\)\\}`).exec(text)!;
  const at = (needle: string) => {
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.includes(needle));
    return { lineno: i + 1, colno: lines[i].indexOf(needle) + 1 };
  };
  return [
    { filename: url, abs_path: url, function: inner[1], ...at(`${inner[2]}.missing.value`) },
    { filename: url, abs_path: url, function: outer[1], ...at(`return ${inner[1]}({})`) },
  ].map((f, i) => (i === 1 ? { ...f, colno: f.colno + 'return '.length } : f));
}

async function sendError(frames: Frame[], extra: Record<string, unknown>) {
  const res = await send({
    client: owner,
    projectId: project.id,
    key: project.keys[0].publicKey,
    body: {
      exception: {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'value')",
        stacktrace: { frames },
      },
      level: 'error',
      timestamp: Date.now(),
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  const event = await db.event.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { receivedAt: 'desc' } });
  return { event, frames: (event.stacktrace as { frames: Frame[] }).frames };
}

describe('sentry-cli sourcemaps inject + upload against our server', () => {
  let first: Awaited<ReturnType<typeof buildAndUpload>>;
  beforeAll(async () => {
    first = await buildAndUpload(1, 'web@1.0.0');
  }, 120_000);

  it('stores the minified file and its map under the release, with the injected debug ID', async () => {
    expect(first.stdout).toContain('File processing complete');
    expect(server.hits.map((h) => `${h.method} ${h.path} ${h.status}`)).toEqual(
      expect.arrayContaining([
        `GET /api/0/organizations/${orgSlug}/chunk-upload/ 200`,
        `POST /api/0/organizations/${orgSlug}/chunk-upload/ 200`,
        `POST /api/0/organizations/${orgSlug}/artifactbundle/assemble/ 200`,
      ]),
    );
    const files = await owner.get(`/api/v1/projects/${project.id}/releases/web%401.0.0/files`);
    expect(files.status).toBe(200);
    expect(
      files.body.data.map((f: { url: string; type: string; debugId: string }) => [f.url, f.type, f.debugId]).sort(),
    ).toEqual(
      [
        [`~/${first.file}`, 'minified_source', first.debugId],
        [`~/${first.file}.map`, 'source_map', first.debugId],
      ].sort(),
    );
    expect(await db.uploadChunk.count({ where: { organization: { slug: orgSlug } } })).toBe(0);
  });

  it('an event matched by debug ID gets original files, lines, functions and context; the minified frame stays', async () => {
    const url = `https://cdn.example.com/assets/${first.file}`;
    const { frames } = await sendError(minifiedFrames(first.text, url), {
      release: 'other-release',
      debug_meta: { images: [{ type: 'sourcemap', code_file: url, debug_id: first.debugId }] },
    });
    expect(frames[0]).toMatchObject({
      filename: 'src/main.js',
      function: 'explode',
      lineno: 2,
      context_line: '  return input.missing.value;',
      pre_context: ['function explode(input) {'],
    });
    expect(frames[1]).toMatchObject({
      filename: 'src/main.js',
      function: 'handleClick',
      lineno: 6,
      context_line: '  return explode({});',
    });
    expect(frames[0].raw).toMatchObject({ filename: url, lineno: expect.any(Number), colno: expect.any(Number) });
  });

  it('without debug IDs, release + ~/ URL finds the map', async () => {
    const url = `https://app.example.com/${first.file}?v=3`;
    const { frames } = await sendError(minifiedFrames(first.text, url), { release: 'web@1.0.0' });
    expect(frames.map((f) => [f.filename, f.function, f.lineno])).toEqual([
      ['src/main.js', 'explode', 2],
      ['src/main.js', 'handleClick', 6],
    ]);
  });

  it('a second build of the same code lands in the same issue', async () => {
    const url1 = `https://cdn.example.com/assets/${first.file}`;
    const a = await sendError(minifiedFrames(first.text, url1), {
      debug_meta: { images: [{ code_file: url1, debug_id: first.debugId }] },
    });
    const second = await buildAndUpload(2, 'web@2.0.0');
    expect(second.file).not.toBe(first.file);
    expect(second.debugId).not.toBe(first.debugId);
    const url2 = `https://cdn.example.com/assets/${second.file}`;
    const b = await sendError(minifiedFrames(second.text, url2), {
      debug_meta: { images: [{ code_file: url2, debug_id: second.debugId }] },
    });
    expect(b.event.issueId).toBe(a.event.issueId);
  }, 120_000);

  it('an event before its map is stored as it came', async () => {
    const later = await buildApp(3);
    const text = fs.readFileSync(path.join(later.dist, later.file), 'utf8');
    const url = `https://cdn.example.com/assets/${later.file}`;
    const raw = minifiedFrames(text, url);
    const { frames } = await sendError(raw, { release: 'web@3.0.0' });
    expect(frames.map((f) => [f.filename, f.function, f.lineno])).toEqual(
      raw.map((f) => [f.filename, f.function, f.lineno]),
    );
    expect(frames[0].raw).toBeUndefined();
  });
});

describe('hostile input', () => {
  const rel = async (version: string) => {
    await owner.post(`/api/v1/projects/${project.id}/releases`, { version });
    return `/api/v1/projects/${project.id}/releases/${version}/files`;
  };
  const upload = (client: TestClient, p: string, url: string, content: string | Uint8Array) => {
    const form = new FormData();
    form.set('url', url);
    form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), 'f');
    const body = new Response(form);
    return body
      .arrayBuffer()
      .then((buf) =>
        client.post(p, new Uint8Array(buf), { headers: { 'content-type': body.headers.get('content-type')! } }),
      );
  };
  const goodMap = { version: 3, sources: ['a.js'], names: [], mappings: 'AAAA' };

  const BAD_MAPS: [string, string, string][] = [
    ['not JSON', '{nope', 'Source map is not valid JSON'],
    ['wrong version', JSON.stringify({ ...goodMap, version: 2 }), 'Source map version must be 3'],
    [
      'bad base64 VLQ characters',
      JSON.stringify({ ...goodMap, mappings: 'AA!A' }),
      'Source map mappings are not base64 VLQ',
    ],
    [
      'VLQ naming a missing source',
      JSON.stringify({ ...goodMap, mappings: 'AEAA' }),
      'Source map mappings name a source that does not exist',
    ],
    [
      'indexed (sections)',
      JSON.stringify({ version: 3, sections: [] }),
      'Indexed source maps (sections) are not supported',
    ],
    [
      'sources not strings',
      JSON.stringify({ ...goodMap, sources: [1] }),
      'Source map sources must be an array of strings',
    ],
  ];
  it.each(BAD_MAPS)('a map that is %s → 400 with the reason, nothing stored', async (_n, text, message) => {
    const p = await rel('hostile-1');
    const before = await db.sourceFile.count({ where: { projectId: project.id } });
    const res = await upload(new TokenClient(releasesToken), p, '~/static/js/app.js.map', text);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message });
    expect(await db.sourceFile.count({ where: { projectId: project.id } })).toBe(before);
  });

  it('a good map through our API → 201; an unknown release → 404; another organization → 404', async () => {
    const p = await rel('api-1');
    const ok = await upload(owner, p, 'https://app.example.com/static/js/app.js.map', JSON.stringify(goodMap));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ url: '~/static/js/app.js.map', type: 'source_map' });
    expect(
      (await upload(owner, `/api/v1/projects/${project.id}/releases/nope/files`, '~/a.js.map', JSON.stringify(goodMap)))
        .status,
    ).toBe(404);
    const outsider = (await signUp({ name: 'Maps outsider' })).client;
    const before = await db.sourceFile.count({ where: { projectId: project.id } });
    expect((await upload(outsider, p, '~/b.js.map', JSON.stringify(goodMap))).status).toBe(404);
    expect(await db.sourceFile.count({ where: { projectId: project.id } })).toBe(before);
  });

  it('an upload over the cap → 413 before it is read', async () => {
    const p = await rel('big-1');
    const res = await new TokenClient(releasesToken).post(p, 'x', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(64 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^File upload larger than \d+ bytes$/);
  });

  it('a chunk whose content does not match its sha1 name → 400, not stored', async () => {
    const form = new FormData();
    form.append('file_gzip', new Blob([new Uint8Array(gzipSync('hello'))]), 'a'.repeat(40));
    const body = new Response(form);
    const res = await new TokenClient(releasesToken).post(
      `/api/0/organizations/${orgSlug}/chunk-upload/`,
      new Uint8Array(await body.arrayBuffer()),
      { headers: { 'content-type': body.headers.get('content-type')! } },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Chunk ${'a'.repeat(40)} does not match its sha1 checksum`);
  });

  it('a chunk-upload body over the cap → 413', async () => {
    const res = await new TokenClient(releasesToken).post(`/api/0/organizations/${orgSlug}/chunk-upload/`, 'x', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('an artifact bundle with a hostile map assembles to state error with the reason', async () => {
    const manifest = { files: { 'files/_/_/a.js.map': { type: 'source_map', url: '~/a.js.map', headers: {} } } };
    const zip = zipSync({
      'manifest.json': strToU8(JSON.stringify(manifest)),
      'files/_/_/a.js.map': strToU8(JSON.stringify({ ...goodMap, mappings: '////' })),
    });
    const bundle = Buffer.from(zip);
    const checksum = sha1(bundle);
    const ci = new TokenClient(releasesToken);
    const assemble = () =>
      ci.post(`/api/0/organizations/${orgSlug}/artifactbundle/assemble/`, {
        checksum,
        chunks: [checksum],
        projects: [project.slug],
        version: 'hostile-2',
      });
    const first = await assemble();
    expect(first.body).toEqual({ state: 'not_found', missingChunks: [checksum], detail: null });
    const form = new FormData();
    form.append('file_gzip', new Blob([new Uint8Array(gzipSync(bundle))]), checksum);
    const body = new Response(form);
    const up = await ci.post(
      `/api/0/organizations/${orgSlug}/chunk-upload/`,
      new Uint8Array(await body.arrayBuffer()),
      { headers: { 'content-type': body.headers.get('content-type')! } },
    );
    expect(up.status, up.text).toBe(200);
    const second = await assemble();
    expect(second.status).toBe(200);
    expect(second.body.state).toBe('error');
    expect(second.body.detail).toMatch(/^~\/a\.js\.map: not a valid source map \(Source map mappings/);
  });

  it('a stored map that cannot be used is ignored at ingest (200, frames as they came, saying why)', async () => {
    const release = await db.release.create({ data: { projectId: project.id, version: 'planted-1' } });
    const file = await db.sourceFile.create({
      data: { projectId: project.id, releaseId: release.id, url: '~/p.js.map', type: 'source_map', size: 5 },
    });
    await db.sourceFileContent.create({
      data: { fileId: file.id, data: new Uint8Array(Buffer.from('{"version":3,"sources":[],"mappings":"!!!"}')) },
    });
    const { frames } = await sendError(
      [{ filename: 'https://x.example/p.js', abs_path: 'https://x.example/p.js', lineno: 1, colno: 5, function: 'q' }],
      { release: 'planted-1' },
    );
    expect(frames).toEqual([
      {
        filename: 'https://x.example/p.js',
        abs_path: 'https://x.example/p.js',
        lineno: 1,
        colno: 5,
        function: 'q',
        symbolication_error: 'The source map for ~/p.js did not parse: Source map mappings are not base64 VLQ',
      },
    ]);
  });

  it('token scopes and organizations on the sentry-cli endpoints', async () => {
    const read = new TokenClient((await createToken(owner, ['read'])).token);
    expect((await read.get(`/api/0/organizations/${orgSlug}/chunk-upload/`)).status).toBe(200);
    const post = await read.post(`/api/0/organizations/${orgSlug}/artifactbundle/assemble/`, {
      checksum: 'a'.repeat(40),
      chunks: ['a'.repeat(40)],
      projects: [project.slug],
    });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe('This API token lacks the "releases" scope');
    const other = await signUp({ name: 'Other maps org' });
    const theirs = new TokenClient((await createToken(other.client, ['releases'])).token);
    expect((await theirs.get(`/api/0/organizations/${orgSlug}/chunk-upload/`)).status).toBe(404);
    expect(
      (
        await theirs.post(`/api/0/organizations/${orgSlug}/artifactbundle/assemble/`, {
          checksum: 'a'.repeat(40),
          chunks: ['a'.repeat(40)],
          projects: [project.slug],
        })
      ).status,
    ).toBe(404);
  });

  it('deleting a release deletes its files (and their bytes)', async () => {
    const p = await rel('doomed-1');
    await upload(owner, p, '~/d.js.map', JSON.stringify(goodMap));
    const ids = (
      await db.sourceFile.findMany({ where: { projectId: project.id, release: { version: 'doomed-1' } } })
    ).map((f) => f.id);
    expect(ids).toHaveLength(1);
    expect((await owner.delete(`/api/v1/projects/${project.id}/releases/doomed-1`)).status).toBe(200);
    expect(await db.sourceFile.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await db.sourceFileContent.count({ where: { fileId: { in: ids } } })).toBe(0);
  });
});
