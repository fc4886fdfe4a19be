// #27: a NUL (which PostgreSQL text cannot hold) or another control character in any free-text input is a 400
// naming the field, never a 500, and nothing is written; tab and newline stay allowed where text is multi-line.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { TestClient, type ApiResponse } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { orgState, seedIssue } from '../support/teams';

let client: TestClient;
let orgId: string;
let projectId: string;
let issueId: string;
let project: Awaited<ReturnType<typeof createProject>>;
const anonymous = new TestClient();

beforeAll(async () => {
  const s = await signUp();
  client = s.client;
  orgId = s.orgId;
  await setPlan(orgId, 'PRO');
  project = await createProject(client, 'Inputs');
  projectId = project.id;
  issueId = (await seedIssue(projectId)).id;
});

const MESSAGE = 'Must not contain control characters';
const invalid = (path: (string | number)[]) => ({
  statusCode: 400,
  status: 'failed',
  message: 'Validation error',
  error: [{ path, message: MESSAGE }],
});

const CASES: [string, () => Promise<ApiResponse>, (string | number)[]][] = [
  [
    'search query (NUL)',
    () => client.get(`/api/v1/projects/${projectId}/issues`, { query: { query: 'TypeError\u0000' } }),
    ['query', 'query'],
  ],
  [
    'environment (NUL)',
    () => client.get(`/api/v1/projects/${projectId}/issues`, { query: { environment: 'prod\u0000uction' } }),
    ['query', 'environment'],
  ],
  [
    'transaction environment (escape)',
    () =>
      client.get(`/api/v1/projects/${projectId}/performance/transactions`, {
        query: { environment: 'prod\u001b[31m' },
      }),
    ['query', 'environment'],
  ],
  [
    'comment (NUL)',
    () => client.post(`/api/v1/projects/${projectId}/issues/${issueId}/comments`, { body: 'looks like\u0000a bug' }),
    ['body'],
  ],
  [
    'release version (bell)',
    () => client.post(`/api/v1/projects/${projectId}/releases`, { version: 'web@1.0\u0007' }),
    ['version'],
  ],
  [
    'token name (NUL)',
    () => client.post('/api/v1/organization/tokens', { name: 'deploy\u0000', scopes: ['releases'] }),
    ['name'],
  ],
  [
    'alert rule name (NUL)',
    () =>
      client.post(`/api/v1/projects/${projectId}/alerts`, {
        name: 'new\u0000issues',
        notifyEmail: 'oncall@example.com',
      }),
    ['name'],
  ],
  ['project name (DEL)', () => client.post('/api/v1/projects', { name: 'Shop\u007f' }), ['name']],
  ['project rename (NUL)', () => client.patch(`/api/v1/projects/${projectId}`, { name: 'Inputs\u0000' }), ['name']],
  ['key label (NUL)', () => client.post(`/api/v1/projects/${projectId}/keys`, { label: 'ci\u0000' }), ['label']],
];

describe('control characters in free-text inputs', () => {
  it.each(CASES)('%s → 400 naming the field, nothing written', async (_name, call, path) => {
    const before = {
      org: await orgState(orgId),
      comments: await db.issueComment.count({ where: { issueId } }),
      tokens: await db.apiToken.count({ where: { orgId } }),
    };
    const res = await call();
    expect([res.status, res.body]).toEqual([400, invalid(path)]);
    expect(await orgState(orgId)).toEqual(before.org);
    expect(await db.issueComment.count({ where: { issueId } })).toBe(before.comments);
    expect(await db.apiToken.count({ where: { orgId } })).toBe(before.tokens);
  });

  it('tab and newline are text: a multi-line comment is stored as written', async () => {
    const res = await client.post(`/api/v1/projects/${projectId}/issues/${issueId}/comments`, {
      body: 'Steps:\n\t1. open checkout\r\n\t2. pay',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe('Steps:\n\t1. open checkout\r\n\t2. pay');
  });

  it('a search date outside 1970–9999 is a 400 with its position, not a 500', async () => {
    const res = await client.get(`/api/v1/projects/${projectId}/issues`, { query: { query: 'firstSeen:-999999w' } });
    expect([res.status, res.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [
          {
            path: ['query', 'query'],
            message: '"firstSeen:" reaches back at most 50 years (e.g. -2600w)',
            position: 10,
          },
        ],
      },
    ]);
  });
});

// #43: the public routes outside the route wrapper (ingest adapters, the HTTP check-in, the report dialog) refuse a
// control character in a path segment or the query with the same 400, before any key lookup (a NUL there was a 500).
describe('control characters on public routes', () => {
  const event = () =>
    [JSON.stringify({}), '{"type":"event"}', JSON.stringify({ message: 'hello', level: 'error' })].join('\n');
  const PUBLIC: [string, () => Promise<ApiResponse>, (string | number)[]][] = [
    [
      'Sentry envelope ?sentry_key',
      () => anonymous.post(`/api/${project.number}/envelope/`, event(), { query: { sentry_key: '\u0000' } }),
      ['query', 'sentry_key'],
    ],
    [
      'Sentry envelope project segment',
      () => anonymous.post(`/api/${project.number}%00/envelope/`, event(), { query: { sentry_key: key() } }),
      ['params', 'projectNumber'],
    ],
    [
      'Sentry store ?sentry_key',
      () =>
        anonymous.post(`/api/${project.number}/store/`, '{"message":"hello"}', {
          query: { sentry_key: key() + '\u0000' },
        }),
      ['query', 'sentry_key'],
    ],
    [
      'OTLP ?sentry_key',
      () =>
        anonymous.post(`/api/${project.number}/integration/otlp/v1/traces`, '{}', { query: { sentry_key: '\u0000' } }),
      ['query', 'sentry_key'],
    ],
    [
      'native ingest ?ingest_key',
      () => anonymous.post(`/api/v1/ingest/${projectId}/envelope`, '{}', { query: { ingest_key: '\u0000' } }),
      ['query', 'ingest_key'],
    ],
    [
      'cron check-in ?environment',
      () =>
        anonymous.get(`/api/${project.number}/cron/job/${key()}/`, { query: { status: 'ok', environment: '\u0000' } }),
      ['query', 'environment'],
    ],
    [
      'cron check-in key segment',
      () => anonymous.get(`/api/${project.number}/cron/job/${key()}%01/`, { query: { status: 'ok' } }),
      ['params', 'key'],
    ],
    [
      'report dialog ?eventId',
      () => anonymous.get('/api/embed/error-page', { query: { dsn: 'x', eventId: '\u0000' } }),
      ['query', 'eventId'],
    ],
  ];
  const key = () => project.keys[0].publicKey;

  it.each(PUBLIC)('%s → 400 naming it, nothing stored', async (_name, call, path) => {
    const res = await call();
    expect([res.status, res.body]).toEqual([400, invalid(path)]);
    expect(await db.event.count({ where: { projectId } })).toBe(0);
  });

  it('a DSN in the envelope header whose key is %00 is an unknown key (401), not a 500', async () => {
    const dsn = `http://%00@localhost/${project.number}`;
    const res = await anonymous.post(
      `/api/${project.number}/envelope/`,
      [JSON.stringify({ dsn }), '{"type":"event"}', '{"message":"hello"}'].join('\n'),
    );
    expect([res.status, res.body.message]).toEqual([401, 'Invalid ingest key for this project']);
  });

  it.each([
    ['integration webhook', '/api/webhooks/integrations/%00'],
    ['Jira Data Center webhook token', '/api/webhooks/integrations/%01/abc'],
  ])('%s: a control character in the path is 404, not a 500', async (_name, url) => {
    const res = await anonymous.post(url, '{}');
    expect([res.status, res.body.message]).toEqual([404, 'Not found']);
  });

  // Every route file under app/api either goes through the route wrapper (which checks params, query and body) or
  // checks its path and query itself; the few exempt ones say why.
  const EXEMPT: Record<string, string> = {
    'health/route.ts': 'reads no path, query or body',
    'webhooks/stripe/route.ts': 'a signed body, verified before it is read; no path or query',
    'auth/[...nextauth]/route.ts': "next-auth's own routes, which look nothing up by a query value",
    'auth/complete/route.ts': 'reads only its own cookies and the signed next-auth token',
    'integrations/slack/events/route.ts': "a body signed with Slack's signing secret, verified before it is read",
    'integrations/slack/interactions/route.ts': "a body signed with Slack's signing secret, verified before it is read",
  };
  it('every route under app/api is covered', () => {
    const apiDir = path.resolve(import.meta.dirname, '../../app/api');
    const files = (fs.readdirSync(apiDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('route.ts'))
      .map((f) => f.split(path.sep).join('/'));
    const uncovered = files.filter((f) => {
      const src = fs.readFileSync(path.join(apiDir, f), 'utf8');
      return (
        !(f in EXEMPT) &&
        !/\broute\(/.test(src) &&
        !src.includes('requestControlCharacterIssues') &&
        !src.includes('sentryRoute(') &&
        !src.includes('handleHttpCheckIn(') &&
        // route() inside: the form wrapper, a project read, Sentry's /api/0 endpoints, a signed webhook's segment
        !/\b(formRoute|projectRead|handleSignedWebhook)\(/.test(src) &&
        !/from '@\/app\/api\/0\/_sentry\//.test(src)
      );
    });
    expect(files.length).toBeGreaterThan(50);
    expect(uncovered).toEqual([]);
  });
});
