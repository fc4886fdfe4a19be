// #51: session items are folded in memory per batch (lib/ingest/items/sessions/fold-sessions.ts). The same mixed
// input (browser updates: init, ok, then how each session ended, duplicates, a later update with another start,
// users known only from a later update; server aggregates for the same release and minute, users among them; two
// environments, two days, no release) is sent to three projects: one item per envelope and one after the other
// (every batch holds one item, nothing to fold), all in one envelope (one batch), and in envelopes sent at once
// (batches as they fall). Release health, each release's detail, the accepted outcomes and the rollup rows themselves
// must be the same for all three.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { jsonEnvelope } from '../support/envelope-body';
import { db } from '@/lib/db';

type Item = { type: 'session' | 'sessions'; payload: Record<string, unknown> };

const HOUR = 3_600_000;
const now = Date.now();
// Start times an hour apart, the first of them yesterday: the hourly and daily rollups both get several rows.
const at = (hoursAgo: number, minute = 0) =>
  new Date(Math.floor(now / HOUR) * HOUR - hoursAgo * HOUR + minute * 60_000 + 5_000).toISOString();

/** The mixed input, in the order a tracker would receive it: one unit per session (its updates) or aggregates item. */
function mixedInput(): Item[][] {
  const units: Item[][] = [];
  let items: Item[] = [];
  const update = (payload: Record<string, unknown>) => items.push({ type: 'session', payload });
  const endings = ['exited', 'exited', 'crashed', 'errored', 'abnormal', 'exited'] as const;
  for (let i = 0; i < 18; i++) {
    const started = at(i % 3 === 0 ? 26 : i % 3, i);
    const base = {
      sid: `5e55${i.toString(16).padStart(28, '0')}`,
      did: i % 4 === 0 ? undefined : `user-${i % 5}`,
      started,
      attrs: {
        release: i % 7 === 6 ? undefined : `web@1.${i % 2}.0`,
        environment: i % 5 === 4 ? 'staging' : undefined,
      },
    };
    update({ ...base, init: true, status: 'ok', errors: 0 });
    if (i % 2 === 0) update({ ...base, init: false, status: 'ok', errors: i % 4 === 0 ? 1 : 0 });
    const ending = endings[i % endings.length];
    update({
      ...base,
      init: false,
      status: ending === 'errored' ? 'exited' : ending,
      errors: ending === 'exited' ? 0 : 1,
    });
    // A retried update, and an update that claims an earlier start: the session keeps its first start and release.
    if (i % 3 === 1) update({ ...base, init: false, status: 'exited', errors: 0 });
    if (i % 6 === 5) update({ ...base, started: at(30), attrs: { release: 'web@9.9.9' }, status: 'exited' });
    units.push(items);
    items = [];
  }
  // Users known only from their session's second update, one session then exiting, the other crashing.
  for (const [n, ending] of [
    [1, 'exited'],
    [2, 'crashed'],
  ] as const) {
    const late = { sid: `1a7e${n.toString().padStart(28, '0')}`, started: at(1, 30), attrs: { release: 'web@late' } };
    units.push([
      { type: 'session', payload: { ...late, init: true, status: 'ok' } },
      { type: 'session', payload: { ...late, did: `late-user-${n}`, status: 'ok' } },
      { type: 'session', payload: { ...late, status: 'ok' } },
      { type: 'session', payload: { ...late, status: ending, errors: ending === 'crashed' ? 1 : 0 } },
    ]);
  }
  // Server aggregates: many flushes for the same release and minute, two minutes of another hour, a user.
  for (let i = 0; i < 12; i++)
    units.push([
      {
        type: 'sessions',
        payload: {
          attrs: { release: `api@2.${i % 2}.0`, environment: i % 4 === 3 ? 'staging' : 'production' },
          aggregates: [
            { started: at(0, 1), exited: 20 + i, errored: i % 3, crashed: i % 5 === 0 ? 1 : 0 },
            { started: at(25, i % 2), exited: 3, abnormal: i % 2, unhandled: i % 3 === 0 ? 1 : 0 },
            ...(i % 4 === 0
              ? [
                  { started: at(0, 2), did: `server-user-${i % 8}`, exited: 1, crashed: i === 0 ? 1 : 0 },
                  { started: at(24, 2), did: `server-user-${i % 8}`, exited: 1 },
                ]
              : []),
          ],
        },
      },
    ]);
  return units;
}

/** An aggregates item split into one item per aggregate (one by one means one session item per request). */
function oneByOne(items: Item[]): Item[] {
  return items.flatMap((i) =>
    i.type === 'session'
      ? [i]
      : (i.payload.aggregates as unknown[]).map((a) => ({
          type: 'sessions' as const,
          payload: { ...i.payload, aggregates: [a] },
        })),
  );
}

describe('session items folded per batch: the same answers as one by one', () => {
  it('one at a time, all in one envelope and in envelopes sent at once give the same release health', async () => {
    const s = await signUp();
    await setPlan(s.orgId, 'PRO');
    const projects = await Promise.all(
      ['one by one', 'one envelope', 'at once'].map((n) => createProject(s.client, n)),
    );
    const post = async (p: (typeof projects)[number], items: Item[]) => {
      const res = await s.client.post(
        `/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`,
        jsonEnvelope(items),
      );
      expect(res.status, res.text).toBe(200);
    };
    const units = mixedInput();
    const input = units.flat();
    for (const item of oneByOne(input)) await post(projects[0], [item]);
    await post(projects[1], input);
    // Sent at once, three units an envelope: a session's updates stay in one envelope, in their order.
    const chunks: Item[][] = [];
    for (let i = 0; i < units.length; i += 3) chunks.push(units.slice(i, i + 3).flat());
    await Promise.all(chunks.map((c) => post(projects[2], c)));

    const read = async (p: (typeof projects)[number]) => {
      const get = async (path: string, query: Record<string, string> = {}) => {
        const res = await s.client.get(`/api/v1/projects/${p.id}/${path}`, { query });
        expect(res.status, res.text).toBe(200);
        return res.body.data;
      };
      const health = await get('release-health');
      const versions = (health.releases as { version: string | null }[]).map((r) => r.version);
      const detail: Record<string, unknown> = {};
      for (const v of versions.filter((x): x is string => x !== null))
        detail[v] = await get(`releases/${encodeURIComponent(v)}/health`, { days: '7' });
      const stats = (await get('stats')).rows as { category: string; outcome: string; quantity: number }[];
      const rows = async (table: string, cols: string) =>
        db.$queryRawUnsafe(`SELECT ${cols} FROM ${table} WHERE project_id = $1 ORDER BY ${cols}`, p.id);
      return {
        health,
        staging: await get('release-health', { environment: 'staging' }),
        production90: await get('release-health', { environment: 'production', days: '90' }),
        detail,
        accepted: stats.filter((r) => r.category === 'session').map((r) => [r.outcome, r.quantity]),
        hourly: await rows('session_hourly', 'release, environment, hour, started, errored, abnormal, crashed'),
        daily: await rows('session_daily', 'release, environment, day, started, errored, abnormal, crashed, last_hour'),
        users: await rows('session_release_users', 'release, environment, user_hash, last_day, crashed_day'),
        states: await rows('session_states', 'sid, did, release, environment, started_hour, status_rank, errored'),
      };
    };
    const [single, batched, together] = await Promise.all(projects.map(read));

    // The input is what it claims to be: every kind of count is there to compare.
    const totals = (single.health.releases as Record<string, number>[]).reduce(
      (t, r) => ({
        sessions: t.sessions + r.sessions,
        crashed: t.crashed + r.crashed,
        abnormal: t.abnormal + r.abnormal,
        errored: t.errored + r.errored,
        users: t.users + r.users,
      }),
      { sessions: 0, crashed: 0, abnormal: 0, errored: 0, users: 0 },
    );
    expect(totals.sessions).toBeGreaterThan(18 + 12 * 20);
    for (const k of ['crashed', 'abnormal', 'errored', 'users'] as const) expect(totals[k], k).toBeGreaterThan(0);
    expect((single.health.releases as { version: string | null }[]).map((r) => r.version)).toContain(null);
    expect((single.staging.releases as unknown[]).length).toBeGreaterThan(0);
    // A later update's other start and release changed nothing: web@9.9.9 never appears.
    expect(JSON.stringify(single.health)).not.toContain('web@9.9.9');
    expect(single.states).toHaveLength(20);
    expect((single.health.releases as { version: string }[]).find((r) => r.version === 'web@late')).toMatchObject({
      sessions: 2,
      crashed: 1,
      users: 2,
      crashFreeUsers: 0.5,
    });
    // One accepted session outcome per update and per aggregate.
    expect(single.accepted).toEqual([['accepted', oneByOne(input).length]]);

    expect(batched).toEqual(single);
    expect(together).toEqual(single);
  });
});
