import { beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { defaultFingerprint } from '@/lib/ingest/enrich/grouping/fingerprint';
import { errorEnvelope, send } from './ingest-helpers';

let client: TestClient;
let projectId: string;
let key: string;

beforeEach(async () => {
  const s = await signUp();
  client = s.client;
  const p = await createProject(client);
  projectId = p.id;
  key = p.keys[0].publicKey;
});

type Frame = { filename: string; lineno: number; colno?: number; function?: string };
const envelope = (type: string, value: string, frames: Frame[], extra: Record<string, unknown> = {}) =>
  errorEnvelope({ exception: { type, value, stacktrace: { frames } }, ...extra });

async function ingest(body: unknown) {
  const res = await send({ client, projectId, key, body });
  expect(res.status, res.text).toBe(200);
}

const issues = () => db.issue.findMany({ where: { projectId }, orderBy: { createdAt: 'asc' } });

describe('grouping', () => {
  const frames: Frame[] = [
    { filename: 'https://cdn.example.com/static/js/main.3f9a1c2b.js', lineno: 10, colno: 5, function: 'handleClick' },
    { filename: 'https://cdn.example.com/static/js/react-dom.js', lineno: 4000, colno: 12, function: 'dispatchEvent' },
  ];

  it('same type and frames with other messages and line numbers → one issue', async () => {
    await ingest(envelope('TypeError', 'a is undefined', frames));
    await ingest(
      envelope(
        'TypeError',
        'b is undefined',
        frames.map((f) => ({ ...f, lineno: f.lineno + 7, colno: 1 })),
      ),
    );
    const all = await issues();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      eventCount: 2,
      fingerprint: defaultFingerprint({ type: 'TypeError', frames }),
      title: 'TypeError: a is undefined',
    });
    expect(await db.event.count({ where: { issueId: all[0].id } })).toBe(2);
  });

  it('hashed bundle names, hosts and query strings do not split an issue', async () => {
    await ingest(envelope('TypeError', 'x', frames));
    await ingest(
      envelope('TypeError', 'x', [
        { ...frames[0], filename: 'https://other-cdn.example.net/static/js/main.9e8d7c6b.js?v=2#top' },
        frames[1],
      ]),
    );
    await ingest(
      envelope('TypeError', 'x', [
        { ...frames[0], filename: 'https://cdn.example.com/static/js/main-AB12CD34.js' },
        frames[1],
      ]),
    );
    const all = await issues();
    expect(all.map((i) => i.eventCount)).toEqual([3]);
  });

  it('another function, another type or another file → another issue', async () => {
    await ingest(envelope('TypeError', 'x', frames));
    await ingest(envelope('TypeError', 'x', [{ ...frames[0], function: 'handleSubmit' }, frames[1]]));
    await ingest(envelope('RangeError', 'x', frames));
    await ingest(
      envelope('TypeError', 'x', [
        { ...frames[0], filename: 'https://cdn.example.com/static/js/cart.3f9a1c2b.js' },
        frames[1],
      ]),
    );
    expect(await issues()).toHaveLength(4);
  });

  it('line and column only count for frames without a function', async () => {
    const anon = (lineno: number, colno: number) =>
      envelope('Error', 'x', [{ filename: 'https://a.io/app.js', lineno, colno }]);
    await ingest(anon(10, 1));
    await ingest(anon(10, 1));
    await ingest(anon(11, 1));
    await ingest(anon(10, 2));
    expect((await issues()).map((i) => i.eventCount)).toEqual([2, 1, 1]);
  });

  it('a custom fingerprint overrides the default; "{{ default }}" combines with it', async () => {
    await ingest(envelope('TypeError', 'x', frames, { fingerprint: ['checkout'] }));
    await ingest(envelope('RangeError', 'y', [{ filename: 'other.js', lineno: 1 }], { fingerprint: ['checkout'] }));
    await ingest(envelope('TypeError', 'x', frames));
    await ingest(envelope('TypeError', 'x', frames, { fingerprint: ['{{ default }}'] }));
    await ingest(envelope('TypeError', 'x', frames, { fingerprint: ['{{ default }}', 'tenant-a'] }));
    await ingest(envelope('TypeError', 'x', frames, { fingerprint: ['{{ default }}', 'tenant-b'] }));
    await ingest(envelope('RangeError', 'x', frames, { fingerprint: ['{{ default }}', 'tenant-a'] }));
    expect((await issues()).map((i) => i.eventCount)).toEqual([2, 2, 1, 1, 1]);
  });

  it('title is "<type>: <value>" (first line, ≤ 200 chars); culprit is "<filename> in <function>" or the filename', async () => {
    await ingest(envelope('TypeError', `line one\nline two`, frames));
    await ingest(envelope('Error', 'v'.repeat(300), [{ filename: 'https://a.io/app.js', lineno: 3 }]));
    const [a, b] = await issues();
    expect(a.title).toBe('TypeError: line one');
    expect(a.culprit).toBe('https://cdn.example.com/static/js/main.3f9a1c2b.js in handleClick');
    expect(b.title).toBe(`Error: ${'v'.repeat(193)}`);
    expect(b.culprit).toBe('https://a.io/app.js');
  });

  it('a later event: eventCount +1, lastSeen = max, firstSeen = min, level follows the latest event, title kept', async () => {
    await ingest(envelope('TypeError', 'first', frames, { timestamp: 1_700_000_000_000, level: 'error' }));
    await ingest(envelope('TypeError', 'second', frames, { timestamp: 1_700_000_100_000, level: 'warning' }));
    await ingest(envelope('TypeError', 'third (late)', frames, { timestamp: 1_600_000_000_000, level: 'fatal' }));
    const [issue] = await issues();
    expect(issue).toMatchObject({ eventCount: 3, level: 'FATAL', title: 'TypeError: first', status: 'UNRESOLVED' });
    expect(issue.lastSeen.toISOString()).toBe(new Date(1_700_000_100_000).toISOString());
    expect(issue.firstSeen.toISOString()).toBe(new Date(1_600_000_000_000).toISOString());
  });

  it('regression: a RESOLVED issue becomes UNRESOLVED on a new event; IGNORED stays IGNORED', async () => {
    await ingest(envelope('TypeError', 'x', frames));
    await ingest(envelope('RangeError', 'x', frames));
    const [resolved, ignored] = await issues();
    await db.issue.update({ where: { id: resolved.id }, data: { status: 'RESOLVED' } });
    await db.issue.update({ where: { id: ignored.id }, data: { status: 'IGNORED' } });
    await ingest(envelope('TypeError', 'x', frames));
    await ingest(envelope('RangeError', 'x', frames));
    const after = await issues();
    expect(after.map((i) => [i.status, i.eventCount])).toEqual([
      ['UNRESOLVED', 2],
      ['IGNORED', 2],
    ]);
    expect(after[0].updatedAt.getTime()).toBeGreaterThan(resolved.updatedAt.getTime());
  });

  it('a repeated event_id is answered 200 but stored and counted once', async () => {
    const id = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    const results = await Promise.all(
      [1, 2, 3].map(() => send({ client, projectId, key, body: envelope('TypeError', 'x', frames, { event_id: id }) })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[1].body).toEqual({ statusCode: 200, status: 'success', message: 'Event received successfully' });
    await ingest(envelope('TypeError', 'x', frames, { event_id: id.toUpperCase() }));
    expect(await db.event.count({ where: { projectId } })).toBe(1);
    const [issue] = await issues();
    expect(issue.eventCount).toBe(1);
    const org = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).orgId;
    const usage = await db.monthlyUsage.findMany({ where: { orgId: org } });
    expect(usage.map((u) => u.used)).toEqual([1]);
    // The same event_id in another project is another event.
    const other = await signUp();
    const p2 = await createProject(other.client);
    expect(
      (
        await send({
          client: other.client,
          projectId: p2.id,
          key: p2.keys[0].publicKey,
          body: envelope('TypeError', 'x', frames, { event_id: id }),
        })
      ).status,
    ).toBe(200);
    expect(await db.event.count({ where: { projectId: p2.id } })).toBe(1);
  });

  it('calls afterIngest with the issue and whether it is new', async () => {
    const mod = await import('@/lib/alerts/after-ingest');
    const { vi } = await import('vitest');
    const spy = vi.spyOn(mod, 'afterIngest');
    try {
      await ingest(envelope('TypeError', 'x', frames));
      await ingest(envelope('TypeError', 'x', frames));
      const [issue] = await issues();
      expect(spy.mock.calls.map((c) => c[0].map((e) => [e.projectId, e.issueId, e.isNewIssue]))).toEqual([
        [[projectId, issue.id, true]],
        [[projectId, issue.id, false]],
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
