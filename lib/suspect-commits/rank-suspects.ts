// Which commits changed the files an issue's stack trace runs through, and how close each is to the throw site
// (#49). The facts follow Sentry's committers (src/sentry/utils/committers.py): paths are compared from their last
// segment backwards, case-insensitively; per frame only the longest matches count, and a match on the file name
// alone counts only when the commit's path is a bare file name. The ranking is ours: the innermost in-app frame a
// commit touches first, then the length of the match, then the newest commit.

/** A stored frame (innermost first in the event), as far as matching needs it. */
export type StackFrame = {
  filename?: string;
  abs_path?: string;
  function?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
};

export type CommitFile = { path: string; type: string };

export type CandidateCommit = {
  sha: string;
  committedAt: Date | null;
  /** Order within its release, newest first (sentry-cli's order). */
  position: number;
  files: CommitFile[];
};

export type SuspectMatch<C extends CandidateCommit> = {
  commit: C;
  file: CommitFile;
  frame: StackFrame;
  /** 0 is the innermost in-app frame. */
  frameIndex: number;
  /** How many trailing path segments agree. */
  matchLength: number;
};

/** Frames nearer the throw site than this are looked at (Sentry's frame_limit). */
export const FRAME_LIMIT = 25;
export const MAX_SUSPECTS = 3;

/** The path's segments, last first; empty segments (a leading `/`, `file:///`) dropped. */
export function pathSegments(path: string): string[] {
  const sep = path.includes('/') ? '/' : path.includes('\\') ? '\\' : null;
  const parts = sep ? path.split(sep).filter((s) => s !== '') : [path];
  return parts.reverse();
}

/** The number of trailing segments two paths share, case-insensitively: `src/a/b.js` and `/app/src/a/b.js` → 3. */
export function pathMatchLength(a: string, b: string): number {
  const sa = pathSegments(a);
  const sb = pathSegments(b);
  let n = 0;
  while (n < sa.length && n < sb.length && sa[n].toLowerCase() === sb[n].toLowerCase()) n++;
  return n;
}

/**
 * The frames to match, innermost first: the in-app ones when the SDK marked any, else every frame not marked as
 * a library's (our browser client marks none); at most FRAME_LIMIT.
 */
export function appFrames(frames: StackFrame[]): StackFrame[] {
  const withPath = frames.filter((f) => f.filename || f.abs_path);
  const inApp = withPath.filter((f) => f.in_app === true);
  return (inApp.length > 0 ? inApp : withPath.filter((f) => f.in_app !== false)).slice(0, FRAME_LIMIT);
}

/** How well one frame's paths (filename, abs_path) match a commit's file: 0 when they do not. */
function frameFileScore(frame: StackFrame, file: CommitFile): number {
  let best = 0;
  for (const p of [frame.filename, frame.abs_path]) if (p) best = Math.max(best, pathMatchLength(p, file.path));
  // A file name alone matches only a commit path that is a bare file name (`index.js` is everywhere).
  if (best === 1 && pathSegments(file.path).length > 1) return 0;
  return best;
}

/** The commits whose files match the frames, best first, each with its closest frame and file; at most `limit`. */
export function rankSuspects<C extends CandidateCommit>(
  frames: StackFrame[],
  commits: C[],
  limit = MAX_SUSPECTS,
): SuspectMatch<C>[] {
  const bestByCommit = new Map<string, SuspectMatch<C>>();
  appFrames(frames).forEach((frame, frameIndex) => {
    // Per frame, only the longest matches (Sentry's _match_commits_path).
    let top = 0;
    let matches: SuspectMatch<C>[] = [];
    for (const commit of commits) {
      for (const file of commit.files) {
        const score = frameFileScore(frame, file);
        if (score === 0 || score < top) continue;
        if (score > top) {
          top = score;
          matches = [];
        }
        if (!matches.some((m) => m.commit.sha === commit.sha))
          matches.push({ commit, file, frame, frameIndex, matchLength: score });
      }
    }
    for (const m of matches) {
      const seen = bestByCommit.get(m.commit.sha);
      // Frames come innermost first: a commit keeps the first (closest) frame it matched.
      if (!seen) bestByCommit.set(m.commit.sha, m);
    }
  });
  const time = (c: CandidateCommit) => c.committedAt?.getTime() ?? -Infinity;
  return [...bestByCommit.values()]
    .sort(
      (a, b) =>
        a.frameIndex - b.frameIndex ||
        b.matchLength - a.matchLength ||
        time(b.commit) - time(a.commit) ||
        a.commit.position - b.commit.position,
    )
    .slice(0, limit);
}
