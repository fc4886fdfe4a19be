import { describe, expect, it } from 'vitest';
import { appFrames, pathMatchLength, rankSuspects, type CandidateCommit, type StackFrame } from './rank-suspects';

describe('pathMatchLength: trailing segments in common', () => {
  it.each([
    ['src/checkout.js', '/srv/app/src/checkout.js', 2],
    ['src/checkout.js', 'file:///srv/app/src/checkout.js', 2],
    ['SRC/Checkout.js', '/srv/app/src/checkout.js', 2],
    ['lib/checkout.js', '/srv/app/src/checkout.js', 1],
    ['src/cart.js', '/srv/app/src/checkout.js', 0],
    ['app\\models\\user.py', 'C:\\code\\app\\models\\user.py', 3],
    ['checkout.js', 'checkout.js', 1],
    ['/src/a.js', 'src/a.js', 2],
  ])('%s vs %s → %i', (a, b, n) => {
    expect(pathMatchLength(a, b)).toBe(n);
  });
});

describe('appFrames', () => {
  it('keeps the in-app frames when the SDK marked some, else those not marked as a library', () => {
    const frames: StackFrame[] = [
      { filename: 'node:internal/x', in_app: false },
      { filename: '/app/a.js', in_app: true },
      { filename: '/app/node_modules/l.js', in_app: false },
      { filename: '/app/b.js', in_app: true },
    ];
    expect(appFrames(frames).map((f) => f.filename)).toEqual(['/app/a.js', '/app/b.js']);
    expect(appFrames([{ filename: 'a.js' }, { filename: 'lib.js', in_app: false }]).map((f) => f.filename)).toEqual([
      'a.js',
    ]);
  });
});

const commit = (sha: string, paths: string[], day: number, position = 0): CandidateCommit => ({
  sha,
  position,
  committedAt: new Date(Date.UTC(2026, 10, day)),
  files: paths.map((path) => ({ path, type: 'M' })),
});

describe('rankSuspects', () => {
  const frames: StackFrame[] = [
    { filename: '/srv/app/src/checkout/total.js', lineno: 12, in_app: true },
    { filename: '/srv/app/src/checkout/index.js', lineno: 40, in_app: true },
    { filename: '/srv/app/node_modules/express/router.js', lineno: 1, in_app: false },
  ];

  it('the commit touching the innermost frame first, then the outer frame; untouched files never', () => {
    const ranked = rankSuspects(frames, [
      commit('outer', ['src/checkout/index.js'], 5),
      commit('inner', ['src/checkout/total.js', 'README.md'], 1),
      commit('other', ['src/search.js'], 6),
    ]);
    expect(ranked.map((m) => [m.commit.sha, m.frameIndex, m.matchLength, m.file.path, m.frame.lineno])).toEqual([
      ['inner', 0, 3, 'src/checkout/total.js', 12],
      ['outer', 1, 3, 'src/checkout/index.js', 40],
    ]);
  });

  it('on one frame the longest match only; equal matches: the newest commit first', () => {
    const ranked = rankSuspects(frames, [
      commit('short', ['lib/checkout/total.js'], 9),
      commit('old', ['app/src/checkout/total.js'], 1),
      commit('new', ['src/checkout/total.js'], 2),
    ]);
    expect(ranked.map((m) => [m.commit.sha, m.matchLength])).toEqual([
      ['old', 4],
      // 'new' matches 3 segments, 'short' 2: shorter than this frame's best, so not counted for it.
    ]);
    const tie = rankSuspects(frames, [
      commit('a', ['src/checkout/total.js'], 1),
      commit('b', ['checkout/total.js'], 3),
    ]);
    expect(tie.map((m) => m.commit.sha)).toEqual(['a']);
    const same = rankSuspects(frames, [
      commit('older', ['src/checkout/total.js'], 1),
      commit('newer', ['src/checkout/total.js'], 3),
    ]);
    expect(same.map((m) => m.commit.sha)).toEqual(['newer', 'older']);
  });

  it('a file name alone matches only a bare path; at most three suspects', () => {
    expect(rankSuspects([{ filename: '/x/index.js' }], [commit('c', ['lib/index.js'], 1)])).toEqual([]);
    expect(rankSuspects([{ filename: 'index.js' }], [commit('c', ['index.js'], 1)]).length).toBe(1);
    const many = [1, 2, 3, 4].map((d) => commit(`c${d}`, ['src/checkout/total.js'], d));
    expect(rankSuspects(frames, many).map((m) => m.commit.sha)).toEqual(['c4', 'c3', 'c2']);
  });
});
