// Fields beyond the spec on the event API: sent in our native envelope or mapped from Sentry events, they
// appear beside the spec's fields, which keep their names and shapes.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

async function setup() {
  const s = await signUp();
  const p = await createProject(s.client);
  return { client: s.client, project: p, key: p.keys[0].publicKey };
}

async function onlyEvent(client: Awaited<ReturnType<typeof setup>>['client'], projectId: string) {
  const issues = (await client.get(`/api/v1/projects/${projectId}/issues`)).body.data.issues;
  expect(issues).toHaveLength(1);
  const events = (await client.get(`/api/v1/projects/${projectId}/issues/${issues[0].id}/events`)).body.data.events;
  const one = await client.get(`/api/v1/projects/${projectId}/issues/${issues[0].id}/events/${events[0].id}`);
  expect(one.body.data).toEqual(events[0]);
  return { issue: issues[0], event: events[0] };
}

const SPEC_FIELDS = [
  'id',
  'issueId',
  'projectId',
  'eventId',
  'level',
  'message',
  'stacktrace',
  'contexts',
  'tags',
  'userContext',
  'request',
  'breadcrumbs',
  'environment',
  'release',
  'timestamp',
  'receivedAt',
];
const DETAIL_FIELDS = [
  'exceptions',
  'logentry',
  'platform',
  'logger',
  'serverName',
  'transaction',
  'sdk',
  'extra',
  'modules',
  'security',
  'performance',
];

describe('native envelope with the optional detail fields', () => {
  const frames = [
    {
      filename: 'src/billing.ts',
      lineno: 12,
      colno: 5,
      function: 'charge',
      abs_path: '/srv/app/src/billing.ts',
      module: 'billing',
      in_app: true,
      platform: 'node',
      context_line: '  throw new TypeError(x)',
      pre_context: ['a', 'b'],
      post_context: ['c'],
    },
    { filename: 'node_modules/lib/index.js', lineno: 3, function: 'run', in_app: false },
  ];
  const full = errorEnvelope({
    exception: {
      type: 'TypeError',
      value: 'x is undefined',
      stacktrace: { frames },
      mechanism: { type: 'onerror', handled: false },
      causes: [{ type: 'Error', value: 'socket closed', stacktrace: { frames: [{ filename: 'net.js', lineno: 9 }] } }],
    },
    contexts: {
      browser: { name: 'Chrome', version: '120' },
      os: { name: 'macOS', version: '14' },
      runtime: { name: 'node', version: '20.19.0' },
      device: { model: 'MacBook' },
    },
    logentry: { message: 'charge %s failed', params: ['p_1'] },
    platform: 'node',
    logger: 'billing',
    server_name: 'web-1',
    transaction: 'POST /charge',
    sdk: { name: 'tracker.node', version: '1.0.0' },
    extra: { cart: { items: 3 } },
    modules: { express: '5.1.0' },
  });

  it('are stored and answered beside the spec fields (frames innermost first, spec frame fields unchanged)', async () => {
    const { client, project, key } = await setup();
    expect((await send({ client, projectId: project.id, key, body: full })).status).toBe(200);
    const { issue, event } = await onlyEvent(client, project.id);
    expect(Object.keys(event)).toEqual([...SPEC_FIELDS, ...DETAIL_FIELDS]);
    expect(issue.title).toBe('TypeError: x is undefined');
    expect(issue.culprit).toBe('src/billing.ts in charge');
    expect(event.message).toBe('x is undefined');
    expect(event.stacktrace).toEqual({ frames });
    expect(event.exceptions).toEqual([
      {
        type: 'TypeError',
        value: 'x is undefined',
        mechanism: { type: 'onerror', handled: false },
        stacktrace: { frames },
      },
      { type: 'Error', value: 'socket closed', stacktrace: { frames: [{ filename: 'net.js', lineno: 9 }] } },
    ]);
    expect(event.contexts).toEqual({
      browser: { name: 'Chrome', version: '120' },
      os: { name: 'macOS', version: '14' },
      runtime: { name: 'node', version: '20.19.0' },
      device: { model: 'MacBook' },
    });
    expect(event.logentry).toEqual({ message: 'charge %s failed', params: ['p_1'], formatted: 'charge p_1 failed' });
    expect([event.platform, event.logger, event.serverName, event.transaction]).toEqual([
      'node',
      'billing',
      'web-1',
      'POST /charge',
    ]);
    expect([event.sdk, event.extra, event.modules]).toEqual([
      { name: 'tracker.node', version: '1.0.0' },
      { cart: { items: 3 } },
      { express: '5.1.0' },
    ]);
  });

  it('the native grouping ignores in_app: same hash as the envelope without the detail fields', async () => {
    const { client, project, key } = await setup();
    const plain = errorEnvelope({
      exception: {
        type: 'TypeError',
        value: 'other text',
        stacktrace: {
          frames: frames.map(({ filename, lineno, colno, function: fn }) => ({
            filename,
            lineno,
            colno,
            function: fn,
          })),
        },
      },
    });
    expect((await send({ client, projectId: project.id, key, body: full })).status).toBe(200);
    expect((await send({ client, projectId: project.id, key, body: plain })).status).toBe(200);
    const issues = (await client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    expect(issues.map((i: { eventCount: number }) => i.eventCount)).toEqual([2]);
  });

  it.each([
    ['sdk a string', { sdk: 'x' }, 'sdk'],
    ['logger a number', { logger: 1 }, 'logger'],
    ['extra an array', { extra: [1] }, 'extra'],
    ['modules with an object value', { modules: { a: {} } }, 'modules'],
    ['logentry a string', { logentry: 'hello' }, 'logentry'],
    ['extra over 16 KiB', { extra: { big: 'x'.repeat(20_000) } }, 'extra'],
  ])(
    'a detail field of the wrong type or size (%s) is dropped: 200, and null in the API',
    async (_name, patch, field) => {
      const { client, project, key } = await setup();
      const res = await send({ client, projectId: project.id, key, body: errorEnvelope(patch) });
      expect([res.status, res.body]).toEqual([
        200,
        { statusCode: 200, status: 'success', message: 'Event received successfully' },
      ]);
      const { event } = await onlyEvent(client, project.id);
      expect(event[field]).toBeNull();
    },
  );

  it('an event stored before details were kept answers null for each detail field', async () => {
    const { client, project } = await setup();
    const issue = await db.issue.create({
      data: {
        projectId: project.id,
        fingerprint: 'fp',
        title: 'E',
        firstSeen: new Date(),
        lastSeen: new Date(),
        eventCount: 1,
      },
    });
    await db.event.create({
      data: {
        issueId: issue.id,
        projectId: project.id,
        level: 'ERROR',
        message: 'old',
        timestamp: new Date(),
        stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
      },
    });
    const { event } = await onlyEvent(client, project.id);
    expect(Object.fromEntries(DETAIL_FIELDS.map((f) => [f, event[f]]))).toEqual(
      Object.fromEntries(DETAIL_FIELDS.map((f) => [f, null])),
    );
  });
});
