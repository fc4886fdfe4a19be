import { describe, expect, it } from 'vitest';
import type { FlameNode } from './flame-tree';
import { frameKind, functionKey, isRanked } from './frame-kind';
import {
  firstInApp,
  flatten,
  foldableRuns,
  frameOf,
  functionStats,
  layout,
  mostSelfTime,
  runLabel,
  runMembers,
} from './flame-view';

const NM = '/srv/app/node_modules';
const TRACE = `${NM}/@sentry/profiling-node/node_modules/@sentry/core/build/cjs/tracing/trace.js`;
const SCOPES = `${NM}/@sentry/profiling-node/node_modules/@sentry/server-utils/build/cjs/async-context.js`;
const PROFILER = `${NM}/@sentry/profiling-node/build/cjs/index.js`;
const BINDING = `${NM}/@sentry/node-cpu-profiler/lib/index.js`;
const APP = 'file:///srv/app/server.mjs';

describe('frameKind: what a frame is, from where its code lives', () => {
  it.each([
    ['computeTotals', APP, null, true, 'app'],
    ['startSpan', TRACE, null, false, 'sdk'],
    ['withScope', SCOPES, null, false, 'sdk'],
    ['_startChunkProfiling', PROFILER, null, false, 'profiler'],
    ['Bindings.startProfiling', BINDING, null, false, 'profiler'],
    ['wrap', `${NM}/@opentelemetry/instrumentation-http/build/src/http.js`, null, false, 'sdk'],
    ['run', 'node:async_hooks', null, false, 'runtime'],
    ['processTicksAndRejections', null, 'node:internal/process/task_queues', false, 'runtime'],
    ['evaluate', null, null, false, 'runtime'],
    ['(garbage collector)', null, null, false, 'runtime'],
    ['handle', `${NM}/express/lib/router/layer.js`, null, false, 'library'],
    ['sample', '/usr/lib/python3/dist-packages/sentry_sdk/profiler/continuous_profiler.py', null, false, 'profiler'],
    ['__call__', '/usr/lib/python3/dist-packages/sentry_sdk/integrations/wsgi.py', null, false, 'sdk'],
    ['start_span', null, 'sentry_sdk.tracing', false, 'sdk'],
    ['get', '/usr/lib/python3/dist-packages/requests/api.py', null, false, 'library'],
  ] as const)('%s in %s → %s', (name, file, module, inApp, kind) => {
    expect(frameKind(name, { file, module, inApp })).toBe(kind);
  });

  it('ranks everything but the profiler and V8’s pseudo-frames', () => {
    expect(isRanked('Bindings.startProfiling', 'profiler')).toBe(false);
    expect(isRanked('(idle)', 'runtime')).toBe(false);
    expect(isRanked('(garbage collector)', 'runtime')).toBe(true);
    expect(isRanked('startSpan', 'sdk')).toBe(true);
  });
});

let nextId = 1;
/** A node: its time on the stack is its self time plus its callees'. */
function n(name: string, file: string | null, self: number, children: FlameNode[] = []): FlameNode {
  const where = { file, module: null, inApp: file === APP };
  return {
    name,
    ...where,
    line: null,
    kind: frameKind(name, where),
    frameId: nextId++,
    selfMs: self,
    totalMs: self + children.reduce((a, c) => a + c.totalMs, 0),
    children,
  };
}

/** Like a real @sentry/profiling-node 11 chunk: node's runner, the app, SDK wrappers, the app, the profiler. */
function chunk() {
  const heavy = n('computeTotals', APP, 550);
  const helper = n('formatReceipt', APP, 30, [n('computeTotals', APP, 38)]);
  const inner = n('<anonymous>', APP, 0, [heavy, helper]);
  const sdk = n('startSpan', TRACE, 0, [n('withScope', SCOPES, 0, [n('run', 'node:async_hooks', 0, [inner])])]);
  const start = n('_startChunkProfiling', PROFILER, 0, [n('Bindings.startProfiling', BINDING, 12)]);
  const handler = n('<anonymous>', APP, 0, [sdk, start]);
  const main = n('run', 'node:internal/modules/esm/module_job', 0, [n('evaluate', null, 0, [handler])]);
  const root = n('root', null, 0, [n('(root)', null, 0, [main, n('(idle)', null, 370)])]);
  return { root, flat: flatten({ ...root, frameId: null }) };
}

const byName = (flat: ReturnType<typeof flatten>, name: string) => flat.findIndex((f) => f.node.name === name);

describe('the flame graph’s view of a real-shaped tree', () => {
  it('opens at the first in-app frame on the hot path', () => {
    const { flat } = chunk();
    const at = firstInApp(flat);
    expect(flat[at].node).toMatchObject({ name: '<anonymous>', inApp: true });
    expect(flat[flat[at].parent].node.name).toBe('evaluate');
    expect(firstInApp(flatten(n('root', null, 0, [n('(idle)', null, 10)])))).toBe(0);
  });

  it('folds chains of SDK, profiler and runtime frames; a lone wrapper or a branching one stays', () => {
    const { flat } = chunk();
    const runs = foldableRuns(flat);
    const sdk = byName(flat, 'startSpan');
    expect(runs.tail.get(sdk)).toBe(flat.findIndex((f) => f.node.file === 'node:async_hooks'));
    expect(runLabel(flat, sdk, runs.tail.get(sdk)!)).toBe('3 SDK and runtime frames');
    expect(runMembers(flat, runs, sdk).map((i) => flat[i].node.name)).toEqual(['startSpan', 'withScope', 'run']);
    const profiler = byName(flat, '_startChunkProfiling');
    expect(runLabel(flat, profiler, runs.tail.get(profiler)!)).toBe('2 profiler frames');
    // (root) has two callees: it ends its own run of one, which is not folded.
    expect(runs.head[byName(flat, '(root)')]).toBe(-1);
    const main = byName(flat, 'run');
    expect(runLabel(flat, main, runs.tail.get(main)!)).toBe('2 runtime frames');
  });

  it('lays out from the zoom: folded runs are one row, unfolded each frame its own', () => {
    const { flat } = chunk();
    const runs = foldableRuns(flat);
    const zoom = firstInApp(flat);
    const folded = layout(flat, { zoom, width: 1000, runs }, () => true);
    expect(folded[0]).toMatchObject({ index: zoom, row: 0, x: 0, width: 1000, up: -1, folded: 0 });
    const rows = (rects: typeof folded) =>
      [...new Set(rects.map((r) => r.row))].map((row) =>
        rects.filter((r) => r.row === row).map((r) => (r.folded ? `[${r.folded}]` : flat[r.index].node.name)),
      );
    expect(rows(folded)).toEqual([
      ['<anonymous>'],
      ['[3]', '[2]'],
      ['<anonymous>'],
      ['computeTotals', 'formatReceipt'],
      ['computeTotals'],
    ]);
    const open = layout(flat, { zoom, width: 1000, runs }, () => false);
    expect(rows(open)[1]).toEqual(['startSpan', '_startChunkProfiling']);
    expect(Math.max(...open.map((r) => r.row))).toBe(6);
    // Widths follow time: the profiler's 12 ms of the handler's 630 ms.
    const start = open.find((r) => flat[r.index].node.name === '_startChunkProfiling')!;
    expect(start.width).toBeCloseTo((12 / 630) * 1000, 6);
    // The whole tree from the root: (root) is alone on its row, node's runner folded below it.
    expect(rows(layout(flat, { zoom: 0, width: 1000, runs }, () => true)).slice(0, 3)).toEqual([
      ['root'],
      ['(root)'],
      ['[2]', '(idle)'],
    ]);
  });

  it('gives each function one share of the time, counted once per sample, and ranks self time without the profiler', () => {
    const { flat } = chunk();
    const stats = functionStats(flat);
    const heavy = stats.byKey.get(stats.keyOf[byName(flat, 'computeTotals')])!;
    // Two frames of computeTotals: 550 + 38 ms of the root's 1,000.
    expect(heavy).toMatchObject({ name: 'computeTotals', selfMs: 588, totalMs: 588, share: 0.588 });
    expect(heavy.nodes).toHaveLength(2);
    expect(flat[frameOf(heavy, flat)].node.selfMs).toBe(550);
    // The two <anonymous> frames of the app nest: the outer one's time is not counted again.
    const anon = stats.byKey.get(functionKey('<anonymous>', { file: APP, module: null, inApp: true }))!;
    expect(anon).toMatchObject({ totalMs: 630, share: 0.63 });
    expect(mostSelfTime(stats, 5).map((s) => s.name)).toEqual(['computeTotals', 'formatReceipt']);
    expect(stats.byKey.get(stats.keyOf[byName(flat, 'Bindings.startProfiling')])!.selfMs).toBe(12);
  });
});
