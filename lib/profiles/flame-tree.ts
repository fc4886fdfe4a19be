// A flame graph's data (#47): samples merged into one call tree, root first, each node's width its samples' time.
// Samples come from any number of profiles (a span's window may cross two chunks; a transaction's aggregate merges
// many), each already cut to the window and thread wanted and weighed by lib/ingest/items/profiles' sampleWeights.
import { frameKind, type FrameKind } from './frame-kind';

export type FlameNode = {
  name: string;
  file: string | null;
  module: string | null;
  line: number | null;
  inApp: boolean;
  /** The app's own, a library, the SDK's wrappers, the profiler itself, or the runtime (lib/profiles/frame-kind). */
  kind: FrameKind;
  /** The project's frame id; null for the root. */
  frameId: number | null;
  selfMs: number;
  totalMs: number;
  children: FlameNode[];
};

export type FrameInfo = {
  function: string;
  module: string | null;
  file: string | null;
  line: number | null;
  inApp: boolean;
};

type Building = { frameId: number; total: number; self: number; children: Map<number, Building> };

/** Nodes narrower than this share of the whole are left out (they cannot be drawn, and they bloat the answer). */
const MIN_SHARE = 0.0005;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

export class FlameBuilder {
  private readonly root: Building = { frameId: -1, total: 0, self: 0, children: new Map() };
  sampleCount = 0;

  /** One sample: its stack (leaf first, as profiles send them) of indexes into `frames` (frame ids), and its weight. */
  add(leafFirst: readonly number[], frames: readonly number[], weight: number): void {
    this.sampleCount++;
    let node = this.root;
    node.total += weight;
    for (let d = leafFirst.length - 1; d >= 0; d--) {
      const id = frames[leafFirst[d]];
      let child = node.children.get(id);
      if (!child) node.children.set(id, (child = { frameId: id, total: 0, self: 0, children: new Map() }));
      child.total += weight;
      node = child;
    }
    node.self += weight;
  }

  /** The frame ids the tree will show. */
  frameIds(): number[] {
    const ids = new Set<number>();
    const min = this.root.total * MIN_SHARE;
    const walk = (n: Building) => {
      for (const c of n.children.values())
        if (c.total >= min) {
          ids.add(c.frameId);
          walk(c);
        }
    };
    walk(this.root);
    return [...ids];
  }

  tree(frames: Map<number, FrameInfo>): FlameNode {
    const min = this.root.total * MIN_SHARE;
    const build = (n: Building, isRoot: boolean): FlameNode => {
      const f = isRoot ? null : frames.get(n.frameId);
      const name = isRoot ? 'root' : (f?.function ?? `frame ${n.frameId}`);
      const where = { file: f?.file ?? null, module: f?.module ?? null, inApp: f?.inApp ?? false };
      return {
        name,
        ...where,
        line: f?.line ?? null,
        kind: isRoot ? 'runtime' : frameKind(name, where),
        frameId: isRoot ? null : n.frameId,
        selfMs: round(n.self),
        totalMs: round(n.total),
        children: [...n.children.values()]
          .filter((c) => c.total >= min)
          .sort((a, b) => b.total - a.total)
          .map((c) => build(c, false)),
      };
    };
    return build(this.root, true);
  }
}
