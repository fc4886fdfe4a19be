// #63: server-side grouping rules with the real @sentry/node 11 (tests/support/grouping-rules/app.mjs). Fingerprint
// rules regroup its errors (error.type:DatabaseUnavailable -> system-down, message:"*timeout*" -> timeouts), stack
// trace rules change which frames group (a vendored pool's frames out of the app, an assert helper out of grouping);
// the preview over the latest events says where each kind of event goes and saving does exactly that; an issue created
// before a change keeps its later events (the replaced config's transition window), a rule that splits an issue keeps
// the rest in it, ingest continues issues the preview did not see (first come), and without a window new keys start
// new issues.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { keysChanged } from '@/lib/key-changes';
import { withCustomParts } from '@/lib/ingest/enrich/grouping/fingerprint';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { runSdkProgram } from '../support/sdk-programs';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/grouping-rules');
const FINGERPRINT_RULES =
  'error.type:DatabaseUnavailable -> system-down\nmessage:"*timeout*" -> timeouts title="Timeouts"';
const STACK_RULES = 'stack.abs_path:**/vendor/** -app\nstack.function:assertConnected -group';

/** The title each sent error's issue gets by default, by the name the program sends it under. */
const TITLE = {
  'db-user': 'DatabaseUnavailable: connect ECONNREFUSED 10.0.0.7:5432',
  'db-order': 'DatabaseUnavailable: connect ECONNREFUSED 10.0.0.8:5432',
  'timeout-prices': 'Error: Read timeout after 30000ms',
  'timeout-stock': 'Error: Upstream timeout: inventory service did not answer',
  'pool-fast': 'PoolExhausted: no idle connection among 10',
  'pool-slow': 'PoolExhausted: waited 5s for one of 10 connections',
  config: 'TypeError: config.port must be a number',
} as const;
type Sent = keyof typeof TITLE;
const messageOf = (name: Sent) => TITLE[name].slice(TITLE[name].indexOf(': ') + 2);

let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Shop API', 'node');
  const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
  const base = `/api/v1/projects/${project.id}/grouping`;
  /** Runs the program once: it sends these errors, in this order, and flushes. */
  const send = (...names: string[]) => runSdkProgram({ sdk: '@sentry/node', dir: DIR, args: [dsn, names.join(',')] });
  const issues = async () =>
    (
      await db.issue.findMany({ where: { projectId: project.id }, select: { id: true, title: true, eventCount: true } })
    ).sort((a, b) => a.title.localeCompare(b.title) || b.eventCount - a.eventCount);
  const issueTitled = async (title: string) => (await issues()).find((i) => i.title === title)!;
  /** The issue of the latest event with the message of `name`. */
  const latestIssueOf = async (name: Sent) =>
    (
      await db.event.findFirst({
        where: { projectId: project.id, message: messageOf(name) },
        orderBy: { receivedAt: 'desc' },
        select: { issueId: true },
      })
    )?.issueId;
  const save = async (body: object) => {
    const res = await s.client.request('PUT', base, { body });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const preview = async (body: object) => {
    const res = await s.client.post(`${base}/preview`, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  return { ...s, project, base, send, issues, issueTitled, latestIssueOf, save, preview };
}

const hashOf = (...parts: string[]) => withCustomParts('unused', parts);

describe('grouping rules with the real @sentry/node', () => {
  it('rules saved before the events group them: one issue per rule, its title from the rule', async () => {
    const s = await setup();
    await s.save({ fingerprintRules: FINGERPRINT_RULES });
    await s.send('db-user', 'db-order', 'timeout-prices', 'timeout-stock', 'config');
    const issues = await s.issues();
    expect(
      issues.map((i) => [i.title.startsWith('DatabaseUnavailable: ') ? 'DatabaseUnavailable' : i.title, i.eventCount]),
    ).toEqual([
      ['DatabaseUnavailable', 2],
      ['Timeouts', 2],
      [TITLE.config, 1],
    ]);
    const fingerprints = await db.issue.findMany({ where: { projectId: s.project.id }, select: { fingerprint: true } });
    expect(fingerprints.map((f) => f.fingerprint)).toEqual(
      expect.arrayContaining([hashOf('system-down'), hashOf('timeouts')]),
    );
  }, 60_000);

  it('the preview says where each kind of event goes; saving does exactly that, and issues keep their events', async () => {
    const s = await setup();
    await s.send('db-user', 'db-user', 'db-order', 'timeout-prices', 'timeout-prices', 'timeout-stock', 'config');
    const before = await s.issues();
    expect(before.map((i) => [i.title, i.eventCount])).toEqual([
      [TITLE['db-user'], 2],
      [TITLE['db-order'], 1],
      [TITLE['timeout-prices'], 2],
      [TITLE['timeout-stock'], 1],
      [TITLE.config, 1],
    ]);
    const [user, order, prices, stock] = await Promise.all(
      (['db-user', 'db-order', 'timeout-prices', 'timeout-stock'] as const).map((n) => s.issueTitled(TITLE[n])),
    );
    const draft = await s.preview({ fingerprintRules: FINGERPRINT_RULES });
    const byIssue = <T extends { issue: { id: string } }>(rows: T[]) =>
      [...rows].sort((a, b) => (a.issue.id < b.issue.id ? -1 : 1));
    const dbRule = 'error.type:DatabaseUnavailable -> system-down';
    const timeoutRule = 'message:*timeout* -> timeouts title="Timeouts"';
    expect({ ...draft, rows: byIssue(draft.rows) }).toEqual({
      examined: 7,
      unchanged: 1,
      regrouped: 6,
      config: { current: expect.stringMatching(/^[0-9a-f]{16}$/), draft: expect.stringMatching(/^[0-9a-f]{16}$/) },
      rows: byIssue([
        {
          issue: { id: user.id, title: user.title },
          events: 2,
          fingerprint: hashOf('system-down'),
          title: TITLE['db-user'],
          rule: dbRule,
          parts: ['system-down'],
          into: { kind: 'same' },
        },
        {
          issue: { id: order.id, title: order.title },
          events: 1,
          fingerprint: hashOf('system-down'),
          title: TITLE['db-order'],
          rule: dbRule,
          parts: ['system-down'],
          into: { kind: 'existing', issue: { id: user.id, title: user.title } },
        },
        {
          issue: { id: prices.id, title: prices.title },
          events: 2,
          fingerprint: hashOf('timeouts'),
          title: 'Timeouts',
          rule: timeoutRule,
          parts: ['timeouts'],
          into: { kind: 'same' },
        },
        {
          issue: { id: stock.id, title: stock.title },
          events: 1,
          fingerprint: hashOf('timeouts'),
          title: 'Timeouts',
          rule: timeoutRule,
          parts: ['timeouts'],
          into: { kind: 'existing', issue: { id: prices.id, title: prices.title } },
        },
      ]),
    });
    // A preview changes nothing.
    expect(await db.groupingContinuation.count({ where: { projectId: s.project.id } })).toBe(0);
    expect((await s.client.get(s.base)).body.data.fingerprintRules).toBe('');

    const saved = await s.save({ fingerprintRules: FINGERPRINT_RULES });
    expect({ ...saved.regrouped, rows: byIssue(saved.regrouped.rows) }).toEqual({
      ...draft,
      rows: byIssue(draft.rows),
    });
    await s.send('db-order', 'timeout-stock', 'db-user', 'timeout-prices', 'config');
    // Each kind of event went where the preview said.
    const sentAs: Record<string, Sent> = {
      [user.id]: 'db-user',
      [order.id]: 'db-order',
      [prices.id]: 'timeout-prices',
      [stock.id]: 'timeout-stock',
    };
    for (const row of draft.rows as { issue: { id: string }; into: { kind: string; issue?: { id: string } } }[]) {
      const expected = row.into.kind === 'existing' ? row.into.issue!.id : row.issue.id;
      expect([sentAs[row.issue.id], await s.latestIssueOf(sentAs[row.issue.id])]).toEqual([
        sentAs[row.issue.id],
        expected,
      ]);
    }
    expect((await s.issues()).map((i) => [i.title, i.eventCount])).toEqual([
      [TITLE['db-user'], 4],
      [TITLE['db-order'], 1],
      [TITLE['timeout-prices'], 4],
      [TITLE['timeout-stock'], 1],
      [TITLE.config, 2],
    ]);
    const audit = await db.auditLogEntry.findFirst({ where: { orgId: s.orgId, action: 'project.grouping_changed' } });
    expect(audit?.changes).toEqual({
      fingerprintRules: { from: 0, to: 2 },
      config: { from: draft.config.current, to: draft.config.draft },
      transitionDays: 90,
      continued: 2,
    });
  }, 60_000);

  it('stack trace rules: vendored frames out of the app, an assert helper out of grouping; issues keep their events', async () => {
    const s = await setup();
    await s.send('pool-fast', 'pool-fast', 'pool-slow', 'db-user', 'db-order', 'config');
    const [fast, slow, user, order] = await Promise.all(
      (['pool-fast', 'pool-slow', 'db-user', 'db-order'] as const).map((n) => s.issueTitled(TITLE[n])),
    );
    const draft = await s.preview({ stackRules: STACK_RULES });
    const into = Object.fromEntries(
      (draft.rows as { issue: { id: string }; events: number; into: { kind: string; issue?: { id: string } } }[]).map(
        (r) => [r.issue.id, [r.events, r.into.kind, r.into.issue?.id ?? null]],
      ),
    );
    // The pool's two inner paths are one issue once its frames are not the app's; each database error keeps its issue.
    expect(into).toEqual({
      [fast.id]: [2, 'same', null],
      [slow.id]: [1, 'existing', fast.id],
      [user.id]: [1, 'same', null],
      [order.id]: [1, 'same', null],
    });
    expect(draft.rows.every((r: { rule: string | null }) => r.rule === null)).toBe(true);
    await s.save({ stackRules: STACK_RULES });
    await s.send('pool-slow', 'pool-fast', 'db-user', 'db-order', 'config');
    expect(await s.latestIssueOf('pool-slow')).toBe(fast.id);
    expect(await s.latestIssueOf('pool-fast')).toBe(fast.id);
    expect(await s.latestIssueOf('db-user')).toBe(user.id);
    expect(await s.latestIssueOf('db-order')).toBe(order.id);
    expect((await s.issues()).map((i) => [i.title, i.eventCount])).toEqual([
      [TITLE['db-user'], 2],
      [TITLE['db-order'], 2],
      [TITLE['pool-fast'], 4],
      [TITLE['pool-slow'], 1],
      [TITLE.config, 2],
    ]);
    // The stored frames carry the in-app flags the rules set; the flags as sent are kept for a later preview.
    const event = await db.event.findFirst({
      where: { projectId: s.project.id, message: messageOf('pool-slow') },
      orderBy: { receivedAt: 'desc' },
      select: { stacktrace: true, details: true },
    });
    const frames = (event!.stacktrace as { frames: { filename: string; in_app?: boolean }[] }).frames;
    const vendor = frames.filter((f) => f.filename.includes('/vendor/'));
    expect(vendor.length).toBeGreaterThan(0);
    expect(vendor.every((f) => f.in_app === false)).toBe(true);
    expect(frames.filter((f) => f.filename.endsWith('app.mjs')).every((f) => f.in_app === true)).toBe(true);
    const orig = (event!.details as { grouping: { origInApp: Record<string, boolean | null> } }).grouping.origInApp;
    expect(Object.values(orig)).toEqual(vendor.map(() => true));

    // A second change within the window: the pool's events keep going to the issue that continued it.
    await s.save({ fingerprintRules: 'error.type:PoolExhausted -> pool' });
    const grouping = (await s.client.get(s.base)).body.data;
    expect(
      grouping.transition.map((t: { stackRules: string; fingerprintRules: string }) => [
        t.fingerprintRules,
        t.stackRules,
      ]),
    ).toEqual([
      ['', STACK_RULES],
      ['', ''],
    ]);
    await s.send('pool-slow', 'pool-fast');
    expect(await s.latestIssueOf('pool-slow')).toBe(fast.id);
    expect((await s.issueTitled(TITLE['pool-fast'])).eventCount).toBe(6);
  }, 60_000);

  it('a rule that splits an issue takes only its events out; the rest stay', async () => {
    const s = await setup();
    await s.send('db-user@eu', 'db-user@us', 'db-user@us');
    const [issue] = await s.issues();
    expect(issue.eventCount).toBe(3);
    const rules = 'tags.shard:eu -> {{ default }}, eu';
    const draft = await s.preview({ fingerprintRules: rules });
    expect([
      draft.unchanged,
      draft.rows.map((r: { events: number; into: { kind: string } }) => [r.events, r.into.kind]),
    ]).toEqual([2, [[1, 'new']]]);
    await s.save({ fingerprintRules: rules });
    await s.send('db-user@us', 'db-user@eu', 'db-user@eu');
    const after = await db.event.groupBy({ by: ['issueId'], where: { projectId: s.project.id }, _count: true });
    const counts = Object.fromEntries(after.map((a) => [a.issueId === issue.id ? 'old' : 'new', a._count]));
    expect(counts).toEqual({ old: 4, new: 2 });
  }, 60_000);
});

describe('the transition window at ingest', () => {
  /** Forgets what the save wrote (as for issues outside the preview's 1,000 events) and what ingest cached. */
  async function forgetContinuations(projectId: string) {
    await db.groupingContinuation.deleteMany({ where: { projectId } });
    await db.issueFingerprintAlias.deleteMany({ where: { projectId } });
    (globalThis as { trackerGroupingTransitions?: Map<string, unknown> }).trackerGroupingTransitions?.clear();
    const keys = await db.projectKey.findMany({ where: { projectId }, select: { publicKey: true } });
    keysChanged(keys.map((k) => k.publicKey));
  }

  it('an issue the preview did not see is continued by the first new key that reaches it; later ones join', async () => {
    const s = await setup();
    await s.send('pool-fast');
    await s.send('pool-slow');
    const [fast, slow] = await Promise.all([s.issueTitled(TITLE['pool-fast']), s.issueTitled(TITLE['pool-slow'])]);
    await s.save({ stackRules: STACK_RULES });
    await forgetContinuations(s.project.id);
    await s.send('pool-slow');
    await s.send('pool-fast');
    expect(await s.latestIssueOf('pool-slow')).toBe(slow.id);
    expect(await s.latestIssueOf('pool-fast')).toBe(slow.id);
    expect((await s.issueTitled(TITLE['pool-fast'])).id).toBe(fast.id);
    // What ingest wrote: the continuation of the slow path's old key by the new key, and the new key as an alias of
    // its issue (which the fast path's event then followed, with no continuation of its own).
    const aliases = await db.issueFingerprintAlias.findMany({ where: { projectId: s.project.id } });
    const continuations = await db.groupingContinuation.findMany({ where: { projectId: s.project.id } });
    const slowFingerprint = (await db.issue.findUniqueOrThrow({ where: { id: slow.id } })).fingerprint;
    expect(aliases.map((a) => [a.fingerprint, a.issueId])).toEqual([[continuations[0]?.fingerprint, slow.id]]);
    expect(continuations.map((c) => c.previousFingerprint)).toEqual([slowFingerprint]);
  }, 60_000);

  it('past the window (or with transitionDays 0) a new key starts a new issue', async () => {
    const s = await setup();
    await s.send('pool-fast');
    const fast = await s.issueTitled(TITLE['pool-fast']);
    await s.save({ stackRules: STACK_RULES });
    await db.project.update({
      where: { id: s.project.id },
      data: {
        groupingPrevious: [
          { version: 3, fingerprintRules: '', stackRules: '', until: new Date(Date.now() - 1000).toISOString() },
        ],
      },
    });
    await forgetContinuations(s.project.id);
    await s.send('pool-fast');
    expect(await s.latestIssueOf('pool-fast')).not.toBe(fast.id);
    expect((await s.client.get(s.base)).body.data.transition).toEqual([]);

    const t = await setup();
    await t.send('pool-fast');
    const before = await t.issueTitled(TITLE['pool-fast']);
    const saved = await t.save({ stackRules: STACK_RULES, transitionDays: 0 });
    expect(saved.transition).toEqual([]);
    expect(await db.groupingContinuation.count({ where: { projectId: t.project.id } })).toBe(0);
    await t.send('pool-fast');
    expect(await t.latestIssueOf('pool-fast')).not.toBe(before.id);
  }, 60_000);
});
