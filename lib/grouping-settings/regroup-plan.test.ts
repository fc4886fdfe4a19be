import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@/lib/envelope/schemas';
import { groupingConfigOf } from '@/lib/grouping/config';
import { groupingOf, type GroupingUnit } from '@/lib/ingest/enrich/grouping/group-event';
import { withCustomParts } from '@/lib/ingest/enrich/grouping/fingerprint';
import { keysOf, regroupPlan, type PlanIssue, type SampleEvent } from './regroup-plan';
import { unitOfStoredEvent } from './stored-units';

const unit = (type: string, fn: string, tags: Record<string, string> = {}): GroupingUnit => ({
  envelope: errorEnvelopeSchema.parse({
    exception: {
      type,
      value: 'boom',
      stacktrace: { frames: [{ filename: '/app/x.js', function: fn, lineno: 1, in_app: true }] },
    },
    tags,
  }),
  grouping: 'sentry',
  stackless: false,
  message: false,
});

const none = groupingConfigOf(3, { fingerprintRules: '', stackRules: '' });
const rules = (fingerprintRules: string) => groupingConfigOf(3, { fingerprintRules, stackRules: '' });

/** Issues keyed by each unit's key under no rules, with events sampled as given. */
function world(spec: [string, GroupingUnit, number][]) {
  const sampled = new Map<string, PlanIssue>();
  const events: SampleEvent[] = [];
  for (const [id, u, n] of spec) {
    sampled.set(id, { id, title: id, fingerprint: groupingOf(u, 3).fingerprint });
    for (let i = 0; i < n; i++) events.push({ issueId: id, unit: u });
  }
  return { sampled, events };
}

const plan = (
  w: ReturnType<typeof world>,
  draft: ReturnType<typeof rules>,
  known: { issues?: Map<string, PlanIssue>; aliases?: Map<string, PlanIssue> } = {},
) =>
  regroupPlan(keysOf(w.events, none, draft), {
    issues: known.issues ?? new Map(),
    aliases: known.aliases ?? new Map(),
    sampled: w.sampled,
  });

const into = (p: ReturnType<typeof regroupPlan>) =>
  Object.fromEntries(
    p.rows.map((r) => [r.issue.id, [r.events, r.into.kind, r.into.kind === 'existing' ? r.into.issue.id : null]]),
  );

describe('the regroup plan', () => {
  it('a merge: the busiest issue continues the new key, the others join it; the rest is unchanged', () => {
    const w = world([
      ['a', unit('DbDown', 'f'), 3],
      ['b', unit('DbDown', 'g'), 5],
      ['c', unit('TypeError', 'h'), 2],
    ]);
    const p = plan(w, rules('error.type:DbDown -> down'));
    expect([p.examined, p.unchanged]).toEqual([10, 2]);
    expect(into(p)).toEqual({ b: [5, 'same', null], a: [3, 'existing', 'b'] });
    const down = withCustomParts('x', ['down']);
    expect(p.continuations).toEqual([
      { previous: w.sampled.get('c')!.fingerprint, fingerprint: w.sampled.get('c')!.fingerprint, issueId: 'c' },
      { previous: w.sampled.get('b')!.fingerprint, fingerprint: down, issueId: 'b' },
    ]);
  });

  it('a split: the events that keep their key keep the issue, the others start a new one', () => {
    const w = world([['a', unit('DbDown', 'f', { shard: 'eu' }), 1]]);
    w.events.push(
      { issueId: 'a', unit: unit('DbDown', 'f', { shard: 'us' }) },
      { issueId: 'a', unit: unit('DbDown', 'f', { shard: 'us' }) },
    );
    const p = plan(w, rules('tags.shard:eu -> {{ default }}, eu'));
    expect(into(p)).toEqual({ a: [1, 'new', null] });
    expect(p.continuations.map((c) => c.fingerprint === c.previous)).toEqual([true]);
  });

  it('a new key an issue (or an alias) already has goes there', () => {
    const w = world([['a', unit('DbDown', 'f'), 2]]);
    const down = withCustomParts('x', ['down']);
    const other = { id: 'z', title: 'z', fingerprint: down };
    expect(into(plan(w, rules('error.type:DbDown -> down'), { issues: new Map([[down, other]]) }))).toEqual({
      a: [2, 'existing', 'z'],
    });
    expect(into(plan(w, rules('error.type:DbDown -> down'), { aliases: new Map([[down, other]]) }))).toEqual({
      a: [2, 'existing', 'z'],
    });
  });

  it('no change: nothing to plan', () => {
    const w = world([['a', unit('DbDown', 'f'), 2]]);
    const p = plan(w, rules('error.type:Other -> x'));
    expect([p.unchanged, p.rows]).toEqual([2, []]);
  });
});

describe('stored events read back as units', () => {
  it('groups as it was grouped: the in-app flags as sent, the SDK fingerprint, our own envelope', () => {
    const u = unitOfStoredEvent({
      message: 'boom',
      level: 'ERROR',
      stacktrace: {
        frames: [
          { filename: '/app/x.js', function: 'f', lineno: 1, in_app: false },
          { filename: '/app/y.js', function: 'g', lineno: 2 },
        ],
      },
      details: {
        exception: { type: 'DbDown' },
        platform: 'node',
        grouping: { fingerprint: ['a', '{{ default }}'], origInApp: { 0: true, 1: null } },
      },
      tags: { shard: 'eu', n: 5 },
      environment: 'production',
      release: null,
    });
    expect(u.envelope.exception.stacktrace.frames.map((f) => f.in_app)).toEqual([true, undefined]);
    expect([u.grouping, u.stackless, u.message, u.envelope.level, u.envelope.tags, u.envelope.fingerprint]).toEqual([
      'sentry',
      false,
      false,
      'error',
      { shard: 'eu' },
      ['a', '{{ default }}'],
    ]);
    const native = unitOfStoredEvent({
      message: 'x',
      level: 'ERROR',
      stacktrace: { frames: [] },
      details: { exception: { type: 'E' } },
      tags: null,
      environment: null,
      release: null,
    });
    expect(native.grouping).toBe('native');
    const message = unitOfStoredEvent({
      message: 'Disk full',
      level: 'WARNING',
      stacktrace: null,
      details: { logger: 'jobs', platform: 'python' },
      tags: null,
      environment: null,
      release: null,
    });
    expect([message.stackless, message.message, message.envelope.exception.type]).toEqual([true, true, 'Message']);
  });
});
