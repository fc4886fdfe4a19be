// #27: a NUL (which PostgreSQL text cannot hold) or another control character in any free-text input is a 400
// naming the field, never a 500, and nothing is written; tab and newline stay allowed where text is multi-line.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import type { ApiResponse, TestClient } from '../support/client';
import { createProject, setPlan } from '../support/fixtures';
import { orgState, seedIssue } from '../support/teams';

let client: TestClient;
let orgId: string;
let projectId: string;
let issueId: string;

beforeAll(async () => {
  const s = await signUp();
  client = s.client;
  orgId = s.orgId;
  await setPlan(orgId, 'PRO');
  projectId = (await createProject(client, 'Inputs')).id;
  issueId = (await seedIssue(projectId)).id;
});

const MESSAGE = 'Must not contain control characters';
const invalid = (path: (string | number)[]) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error: [{ path, message: MESSAGE }] });

const CASES: [string, () => Promise<ApiResponse>, (string | number)[]][] = [
  ['search query (NUL)', () => client.get(`/api/v1/projects/${projectId}/issues`, { query: { query: 'TypeError\u0000' } }), ['query', 'query']],
  ['environment (NUL)', () => client.get(`/api/v1/projects/${projectId}/issues`, { query: { environment: 'prod\u0000uction' } }), ['query', 'environment']],
  ['transaction environment (escape)', () => client.get(`/api/v1/projects/${projectId}/performance/transactions`, { query: { environment: 'prod\u001b[31m' } }), ['query', 'environment']],
  ['comment (NUL)', () => client.post(`/api/v1/projects/${projectId}/issues/${issueId}/comments`, { body: 'looks like\u0000a bug' }), ['body']],
  ['release version (bell)', () => client.post(`/api/v1/projects/${projectId}/releases`, { version: 'web@1.0\u0007' }), ['version']],
  ['token name (NUL)', () => client.post('/api/v1/organization/tokens', { name: 'deploy\u0000', scopes: ['releases'] }), ['name']],
  ['alert rule name (NUL)', () => client.post(`/api/v1/projects/${projectId}/alerts`, { name: 'new\u0000issues', notifyEmail: 'oncall@example.com' }), ['name']],
  ['project name (DEL)', () => client.post('/api/v1/projects', { name: 'Shop\u007f' }), ['name']],
  ['project rename (NUL)', () => client.patch(`/api/v1/projects/${projectId}`, { name: 'Inputs\u0000' }), ['name']],
  ['key label (NUL)', () => client.post(`/api/v1/projects/${projectId}/keys`, { label: 'ci\u0000' }), ['label']],
];

describe('control characters in free-text inputs', () => {
  it.each(CASES)('%s → 400 naming the field, nothing written', async (_name, call, path) => {
    const before = { org: await orgState(orgId), comments: await db.issueComment.count({ where: { issueId } }), tokens: await db.apiToken.count({ where: { orgId } }) };
    const res = await call();
    expect([res.status, res.body]).toEqual([400, invalid(path)]);
    expect(await orgState(orgId)).toEqual(before.org);
    expect(await db.issueComment.count({ where: { issueId } })).toBe(before.comments);
    expect(await db.apiToken.count({ where: { orgId } })).toBe(before.tokens);
  });

  it('tab and newline are text: a multi-line comment is stored as written', async () => {
    const res = await client.post(`/api/v1/projects/${projectId}/issues/${issueId}/comments`, { body: 'Steps:\n\t1. open checkout\r\n\t2. pay' });
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe('Steps:\n\t1. open checkout\r\n\t2. pay');
  });

  it('a search date outside 1970–9999 is a 400 with its position, not a 500', async () => {
    const res = await client.get(`/api/v1/projects/${projectId}/issues`, { query: { query: 'firstSeen:-999999w' } });
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, status: 'failed', message: 'Validation error', error: [{ path: ['query', 'query'], message: '"firstSeen:" reaches back at most 50 years (e.g. -2600w)', position: 10 }] },
    ]);
  });
});
