// #58: feature flags and contexts, stored with the event and searched from the tag rollup. The real @sentry/browser
// 11 with featureFlagsIntegration sends the flags (run in Node, where its transport works); our native envelope sends
// documented contexts. The search finds `flags.<name>:…` and `contexts.<name>.<key>:…`, refuses malformed keys with
// the position and reason, keeps each namespace's keys apart from the tags' per-issue cap, and another organization
// gets nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAG_KEYS_PER_ISSUE } from '@/lib/ingest/store/rollup-keys';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, '../support/contexts-sdks/browser-flags.mjs');
let server: Awaited<ReturnType<typeof startSentryServer>>;

beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

type Sent = { type: string; message: string; flags: [string, boolean][]; order?: Record<string, unknown> };

/** One error from the real @sentry/browser with `flags` evaluated through its FeatureFlags integration. */
async function sendFromBrowserSdk(dsn: string, sent: Sent) {
  const { stdout } = await run(process.execPath, [PROGRAM, dsn, JSON.stringify(sent)], { timeout: 30_000 });
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');
}

async function newProject(client: TestClient, name: string) {
  const p = await createProject(client, name);
  return { ...p, dsn: server.dsn((p.keys[0] as (typeof p.keys)[0] & { sentryDsn: string }).sentryDsn) };
}

const ids = (res: { body: { data: { issues: { id: string }[] } } }) => res.body.data.issues.map((i) => i.id).sort();

describe('feature flags from @sentry/browser featureFlagsIntegration', () => {
  let client: TestClient;
  let project: Awaited<ReturnType<typeof newProject>>;
  const issueOf = new Map<string, string>();
  const search = (query: string, as: TestClient = client, projectId = project.id) =>
    as.get(`/api/v1/projects/${projectId}/issues`, { query: { query } });

  beforeAll(async () => {
    ({ client } = await signUp());
    project = await newProject(client, 'Flags');
    const order = { id: 'o-7', status: 'paid', lines: [{ sku: 'A-1', qty: 2 }] };
    await sendFromBrowserSdk(project.dsn, {
      type: 'TypeError',
      message: 'checkout button missing',
      flags: [
        ['new-checkout', true],
        ['dark-mode', false],
      ],
      order,
    });
    await sendFromBrowserSdk(project.dsn, {
      type: 'RangeError',
      message: 'cart overflow',
      flags: [['new-checkout', false]],
    });
    const issues = (await client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues as {
      id: string;
      title: string;
    }[];
    expect(issues).toHaveLength(2);
    for (const i of issues) issueOf.set(i.title.split(':')[0], i.id);
  });

  it('the flags are stored with the event as the SDK sent them, beside the context the app set', async () => {
    const events = (await client.get(`/api/v1/projects/${project.id}/issues/${issueOf.get('TypeError')}/events`)).body
      .data.events;
    expect(events[0].contexts.flags).toEqual({
      values: [
        { flag: 'new-checkout', result: true },
        { flag: 'dark-mode', result: false },
      ],
    });
    expect(events[0].contexts.order).toEqual({ id: 'o-7', status: 'paid', lines: [{ sku: 'A-1', qty: 2 }] });
    // What the browser SDK adds of its own (culture) is kept too.
    expect(events[0].contexts.culture).toMatchObject({ locale: expect.any(String), timezone: expect.any(String) });
  });

  it.each([
    ['flags.new-checkout:true', ['TypeError']],
    ['flags.new-checkout:false', ['RangeError']],
    ['!flags.new-checkout:true', ['RangeError']],
    ['flags.dark-mode:false', ['TypeError']],
    ['flags.dark-mode:true', []],
    ['flags.new-checkout:*', ['RangeError', 'TypeError']],
    ['flags.unknown:true', []],
    ['contexts.order.status:paid flags.new-checkout:true', ['TypeError']],
  ])('search %j finds %j', async (query, types) => {
    const res = await search(query);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(types.map((t) => issueOf.get(t)).sort());
  });

  it("the issue's tags list each flag with its value distribution; contexts stay out of it", async () => {
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issueOf.get('TypeError')}/tags`);
    expect(res.status).toBe(200);
    const tags = res.body.data.tags as { key: string; events: number; values: { value: string; count: number }[] }[];
    expect(tags.find((t) => t.key === 'flags.new-checkout')).toMatchObject({
      events: 1,
      values: [{ value: 'true', count: 1 }],
    });
    expect(tags.find((t) => t.key === 'flags.dark-mode')?.values).toEqual([{ value: 'false', count: 1 }]);
    expect(tags.filter((t) => t.key.startsWith('contexts.'))).toEqual([]);
  });

  it('another organization: 404 on this project for every flag and context query; its own project finds only its own', async () => {
    const { client: intruder } = await signUp();
    const own = await newProject(intruder, 'Elsewhere');
    await sendFromBrowserSdk(own.dsn, { type: 'Error', message: 'theirs', flags: [['new-checkout', true]] });
    const theirs = ids(await search('', intruder, own.id));
    expect(theirs).toHaveLength(1);
    for (const query of ['flags.new-checkout:true', 'contexts.order.status:paid', 'flags.dark-mode:false']) {
      const res = await search(query, intruder);
      expect([res.status, res.body.message]).toEqual([404, 'Project not found']);
    }
    expect(ids(await search('flags.new-checkout:true', intruder, own.id))).toEqual(theirs);
    expect(ids(await search('contexts.order.status:paid', intruder, own.id))).toEqual([]);
    expect((await intruder.get(`/api/v1/projects/${project.id}/issues/${issueOf.get('TypeError')}/tags`)).status).toBe(
      404,
    );
    // And the owner's search in its own project never sees the other organization's issue.
    expect(ids(await search('flags.new-checkout:true'))).toEqual([issueOf.get('TypeError')]);
  });
});

describe('documented contexts searched as contexts.<name>.<key>', () => {
  let client: TestClient;
  let projectId: string;
  let key: string;
  const ingest = async (overrides: Record<string, unknown>) => {
    const res = await send({ client, projectId, key, body: errorEnvelope(overrides) });
    expect(res.status).toBe(200);
  };
  const issueIds = async (query: string) =>
    ids(await client.get(`/api/v1/projects/${projectId}/issues`, { query: { query } }));

  beforeAll(async () => {
    ({ client } = await signUp());
    const p = await createProject(client, 'Contexts');
    projectId = p.id;
    key = p.keys[0].publicKey;
    const linux = {
      os: { name: 'Linux', version: '6.1' },
      device: { arch: 'arm64', charging: true, free_memory: 1234 },
      runtime: { name: 'node', version: '20.19.0' },
      trace: { trace_id: 'ab'.repeat(16), span_id: 'cd'.repeat(8), op: 'http.server' },
      culture: { locale: 'fr-FR' },
    };
    await ingest({ exception: { ...errorEnvelope().exception, type: 'LinuxError' }, contexts: linux });
    await ingest({
      exception: { ...errorEnvelope().exception, type: 'MacError' },
      contexts: { os: { name: 'macOS', version: '15' }, runtime: { name: 'node', version: '22.1.0' } },
    });
  });

  it.each([
    ['contexts.os.name:Linux', 1],
    ['contexts.os.name:macOS', 1],
    ['contexts.runtime.name:node', 2],
    ['contexts.runtime.version:20.*', 1],
    ['!contexts.os.name:Linux', 1],
    ['contexts.device.arch:arm64 contexts.device.charging:true', 1],
    ['contexts.trace.op:http.server', 1],
    ['contexts.culture.locale:fr-FR', 1],
    // Values of one moment (ids, free memory) are not rollup facets.
    ['contexts.device.free_memory:1234', 0],
    [`contexts.trace.trace_id:${'ab'.repeat(16)}`, 0],
    ['contexts.os.name:Windows', 0],
  ])('%j matches %i issue(s)', async (query, n) => {
    expect(await issueIds(query)).toHaveLength(n);
  });

  it(`flags and contexts have their own ${MAX_TAG_KEYS_PER_ISSUE} keys per issue: an issue full of tag keys still finds them`, async () => {
    const full = { ...errorEnvelope().exception, type: 'FullError' };
    for (let k = 0; k < 3; k++) {
      const tags = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`t${k}-${i}`, 'v']));
      await ingest({ exception: full, tags });
    }
    await ingest({
      exception: full,
      tags: { late: 'tag' },
      contexts: { order: { status: 'late' }, flags: { values: [{ flag: 'late-flag', result: true }] } },
    });
    const [issue] = await issueIds('contexts.order.status:late');
    expect(issue).toBeDefined();
    expect(await issueIds('flags.late-flag:true')).toEqual([issue]);
    // The tags' own cap is full: the late tag is left out, as before.
    expect(await issueIds('late:tag')).toEqual([]);
  });

  const bad: [string, number, string][] = [
    ['contexts.os:Linux', 0, '"contexts.os" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
    ['level:error contexts:x', 12, '"contexts" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
    ['!contexts..name:x', 1, '"contexts..name" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
    ['flags.:true', 0, '"flags." names no flag: use flags.<name>, e.g. flags.new-checkout:true'],
    ['flags:true', 0, '"flags" names no flag: use flags.<name>, e.g. flags.new-checkout:true'],
    ['flags.a$b:true', 0, '"flags.a$b" is not a valid key: use letters, digits, "_", "." or "-"'],
    ['contexts.os.name:', 17, 'Missing value after "contexts.os.name:"'],
  ];
  it.each(bad)('a malformed key %j is 400 with the position and the reason', async (query, position, message) => {
    const res = await client.get(`/api/v1/projects/${projectId}/issues`, { query: { query } });
    expect([res.status, res.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['query', 'query'], message, position }],
      },
    ]);
  });
});
