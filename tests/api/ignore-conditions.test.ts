// #30: ignore with a condition, on a clock the test controls: for a while, until N more events (in total or
// within a window), until N more users. The minute job (reviveIgnoredIssues) brings the issue back with an
// activity entry; a person's status change clears the condition.
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { reviveIgnoredIssues } from '@/lib/issues/ignore-conditions';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

const MIN = 60_000;
afterEach(() => clock.reset());

async function ignoredIssue(ignore: Record<string, number>) {
  clock.set(Date.parse('2026-11-20T10:00:00Z'));
  const s = await signUp();
  const project = await createProject(s.client, 'Ignore shop');
  const event = (user?: string) =>
    send({
      client: s.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope({ timestamp: clock.now().getTime(), ...(user ? { user: { id: user } } : {}) }),
    });
  expect((await event('u0')).status).toBe(200);
  const [issue] = (await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
  const res = await s.client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, { status: 'IGNORED', ignore });
  expect(res.status, res.text).toBe(200);
  const status = async () => (await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).status;
  const detail = async () => (await s.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).body.data;
  return { ...s, project, issue, event, status, detail };
}

describe('ignore with a condition', () => {
  it('for 30 minutes: still ignored at 29, back at 31, with an activity entry and no actor', async () => {
    const t = await ignoredIssue({ minutes: 30 });
    expect((await t.detail()).ignoreCondition).toEqual({ until: '2026-11-20T10:30:00.000Z' });
    clock.advance(29 * MIN);
    expect(await reviveIgnoredIssues()).toEqual([]);
    clock.advance(2 * MIN);
    expect(await reviveIgnoredIssues()).toEqual([t.issue.id]);
    expect(await t.status()).toBe('UNRESOLVED');
    const activity = await db.issueActivity.findMany({ where: { issueId: t.issue.id }, orderBy: { createdAt: 'asc' } });
    expect(activity.map((a) => [a.type, a.fromStatus, a.toStatus, a.actorId === null])).toEqual([
      ['STATUS', 'UNRESOLVED', 'IGNORED', false],
      ['STATUS', 'IGNORED', 'UNRESOLVED', true],
    ]);
    expect((await t.detail()).ignoreCondition).toBeNull();
    // Run again: nothing more happens.
    expect(await reviveIgnoredIssues()).toEqual([]);
  });

  it('until 3 more events: 2 keep it ignored, the 3rd brings it back', async () => {
    const t = await ignoredIssue({ count: 3 });
    await t.event();
    await t.event();
    expect(await reviveIgnoredIssues()).toEqual([]);
    await t.event();
    expect(await reviveIgnoredIssues()).toEqual([t.issue.id]);
  });

  it('until 3 more events within an hour: 4 spread over three hours do not, 3 within one do', async () => {
    const t = await ignoredIssue({ count: 3, windowMinutes: 60 });
    await t.event();
    await t.event();
    clock.advance(90 * MIN);
    await t.event();
    await t.event();
    expect(await reviveIgnoredIssues()).toEqual([]);
    clock.advance(10 * MIN);
    await t.event();
    expect(await reviveIgnoredIssues()).toEqual([t.issue.id]);
  });

  it('until 2 more users: the same user again does not count, a second one does', async () => {
    const t = await ignoredIssue({ users: 2 });
    await t.event('u1');
    await t.event('u1');
    await t.event('u0');
    expect(await reviveIgnoredIssues()).toEqual([]);
    await t.event('u2');
    expect(await reviveIgnoredIssues()).toEqual([t.issue.id]);
  });

  it('a person’s status change clears the condition', async () => {
    const t = await ignoredIssue({ count: 1 });
    expect(
      (await t.client.patch(`/api/v1/projects/${t.project.id}/issues/${t.issue.id}`, { status: 'IGNORED' })).status,
    ).toBe(200);
    await t.event();
    await t.event();
    expect(await reviveIgnoredIssues()).toEqual([]);
    expect(await t.status()).toBe('IGNORED');
  });

  it.each([
    ['with another status', { status: 'RESOLVED', ignore: { minutes: 5 } }, ['ignore']],
    ['two conditions', { status: 'IGNORED', ignore: { minutes: 5, count: 3 } }, ['ignore']],
    ['no condition', { status: 'IGNORED', ignore: {} }, ['ignore']],
    [
      'a window without a count',
      { status: 'IGNORED', ignore: { users: 3, windowMinutes: 60 } },
      ['ignore.windowMinutes'],
    ],
    ['zero minutes', { status: 'IGNORED', ignore: { minutes: 0 } }, ['ignore.minutes']],
    [
      'a window over a week',
      { status: 'IGNORED', ignore: { count: 2, windowMinutes: 20_000 } },
      ['ignore.windowMinutes'],
    ],
  ])('%s: 400 naming the field, the issue unchanged', async (_label, body, fields) => {
    clock.set(Date.parse('2026-11-20T10:00:00Z'));
    const s = await signUp();
    const project = await createProject(s.client, 'Bad ignore');
    await send({ client: s.client, projectId: project.id, key: project.keys[0].publicKey, body: errorEnvelope() });
    const [issue] = (await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    const res = await s.client.patch(`/api/v1/projects/${project.id}/issues/${issue.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: (string | number)[] }) => e.path.join('.'))).toEqual(fields);
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe('UNRESOLVED');
  });
});
