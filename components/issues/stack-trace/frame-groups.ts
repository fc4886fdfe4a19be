import type { Frame } from '../event-shape';

/** Consecutive identical frames (recursion) as one run: the frame, its first index and how many in a row. */
export type Run = { frame: Frame; index: number; count: number };
export type Group = { kind: 'frame'; run: Run } | { kind: 'hidden'; runs: Run[] };

const frameKey = (f: Frame) =>
  JSON.stringify([f.filename, f.abs_path, f.module, f.function, f.lineno, f.colno, f.in_app]);

/** Runs of consecutive frames that name the same place: a 41-frame recursion reads as one frame ×N. */
function frameRuns(frames: Frame[]): Run[] {
  const runs: Run[] = [];
  frames.forEach((frame, index) => {
    const last = runs.at(-1);
    if (last && frameKey(last.frame) === frameKey(frame)) last.count++;
    else runs.push({ frame, index, count: 1 });
  });
  return runs;
}

/**
 * When some frames are the application's own (in_app), runs of library frames fold behind "Show N more
 * frames"; the throw site always shows.
 */
export function groupFrames(frames: Frame[]): Group[] {
  const anyInApp = frames.some((f) => f.in_app === true);
  const out: Group[] = [];
  for (const run of frameRuns(frames)) {
    const fold = anyInApp && run.frame.in_app !== true && run.index !== 0;
    const last = out.at(-1);
    if (!fold) out.push({ kind: 'frame', run });
    else if (last?.kind === 'hidden') last.runs.push(run);
    else out.push({ kind: 'hidden', runs: [run] });
  }
  return out;
}
