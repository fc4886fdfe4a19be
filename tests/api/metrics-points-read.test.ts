// #61: raw metric points read newest first across a scope's projects (each walked by its (project, timestamp)
// index, the pages merged): a metric's points, filtered by a series attribute or the point's own (in, not_in,
// contains), a trace's points of every metric, paged by cursor through points of one instant, and never a point of
// a project outside the caller's organization.
import { beforeAll, describe, expect, it } from 'vitest';
import { readMetricPoints, type PointsQuery } from '@/lib/metrics-store';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';

type Session = Awaited<ReturnType<typeof signUp>>;
type Project = Awaited<ReturnType<typeof createProject>>;

const T1 = 'a'.repeat(32);
const base = Math.floor(Date.now() / 1000) - 600;

const metric = (name: string, value: number, at: number, region: string, trace?: string) => ({
  timestamp: at,
  name,
  type: 'gauge',
  value,
  ...(trace ? { trace_id: trace } : {}),
  attributes: { region: { type: 'string', value: region }, 'user.id': { type: 'string', value: `u-${value}` } },
});

async function send(s: Session, p: Project, items: object[]) {
  const payload = JSON.stringify({ version: 2, items });
  const body = `{}\n${JSON.stringify({ type: 'trace_metric', length: Buffer.byteLength(payload) })}\n${payload}\n`;
  const res = await s.client.post(`/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`, body);
  expect(res.status, res.text).toBe(200);
}

describe('raw metric points, newest first', () => {
  let s: Session;
  let a: Project;
  let b: Project;
  let c: Project;
  beforeAll(async () => {
    s = await signUp();
    await setPlan(s.orgId, 'PRO');
    a = await createProject(s.client, 'Shop');
    b = await createProject(s.client, 'Admin');
    const other = await signUp();
    c = await createProject(other.client, 'Theirs');
    // lat: 1–3 in eu, 4–6 in us, one second apart; 1 and 2 in trace T1. Admin's 10 falls between 3 and 4.
    await send(s, a, [
      ...[1, 2, 3, 4, 5, 6].map((v) => metric('lat', v, base + v, v <= 3 ? 'eu' : 'us', v <= 2 ? T1 : undefined)),
      ...['x', 'y', 'z'].map((r, i) => metric('tie', 20 + i, base + 30, r)),
    ]);
    await send(s, b, [metric('lat', 10, base + 3.5, 'eu'), metric('other', 11, base + 1.5, 'eu', T1)]);
    await send(other, c, [metric('lat', 99, base + 5.5, 'eu', T1)]);
  });

  const read = (q: Omit<PointsQuery, 'from' | 'to'>, projects = [a, b, c]) =>
    readMetricPoints(
      { orgId: s.orgId, projectIds: projects.map((p) => p.id) },
      { from: new Date((base - 60) * 1000), to: new Date((base + 60) * 1000), ...q },
    );
  const values = async (q: Omit<PointsQuery, 'from' | 'to'>) => (await read(q)).points.map((p) => p.value);

  it("merges the organization's projects newest first, and reads none of another's", async () => {
    expect(await values({ name: 'lat' })).toEqual([6, 5, 4, 10, 3, 2, 1]);
    const [first] = (await read({ name: 'lat' })).points;
    expect(first).toMatchObject({ projectId: a.id, name: 'lat', type: 'gauge' });
    expect(first.attributes).toEqual({ region: 'us', 'user.id': 'u-6' });
  });

  it("filters by the series' attributes and by the point's own", async () => {
    expect(await values({ name: 'lat', filters: [{ key: 'region', op: 'in', values: ['eu'] }] })).toEqual([
      10, 3, 2, 1,
    ]);
    expect(await values({ name: 'lat', filters: [{ key: 'region', op: 'not_in', values: ['eu'] }] })).toEqual([
      6, 5, 4,
    ]);
    expect(await values({ name: 'lat', filters: [{ key: 'user.id', op: 'in', values: ['u-5'] }] })).toEqual([5]);
    expect(await values({ name: 'lat', filters: [{ key: 'user.id', op: 'contains', values: ['U-1'] }] })).toEqual([
      10, 1,
    ]);
    const all = await values({
      filters: [
        { key: 'region', op: 'exists' },
        { key: 'nope', op: 'not_exists' },
      ],
    });
    // The three of one instant in series order, then the rest by time.
    expect(all.slice(0, 3).sort()).toEqual([20, 21, 22]);
    expect(all.slice(3)).toEqual([6, 5, 4, 10, 3, 2, 11, 1]);
  });

  it("reads a trace's points of every metric", async () => {
    expect(await values({ traceId: T1 })).toEqual([2, 11, 1]);
  });

  it('pages by cursor through points of one instant, each once', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const r = await read({ name: 'tie', limit: 1, cursor });
      seen.push(...r.points.map((p) => p.value!));
      if (!r.nextCursor) break;
      cursor = r.nextCursor;
    }
    expect(seen.sort()).toEqual([20, 21, 22]);
    const first = await read({ name: 'lat', limit: 4 });
    expect(first.points.map((p) => p.value)).toEqual([6, 5, 4, 10]);
    const rest = await read({ name: 'lat', limit: 4, cursor: first.nextCursor! });
    expect(rest.points.map((p) => p.value)).toEqual([3, 2, 1]);
    expect(rest.nextCursor).toBeNull();
  });
});
