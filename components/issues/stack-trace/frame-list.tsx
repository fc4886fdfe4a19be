'use client';

import { useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { Frame } from '../event-shape';
import { groupFrames, type Run } from './frame-groups';
import { FrameRow } from './frame-row';

/** A frame, then "same frame ×N" for its identical successors, which open on demand. */
function RunRows({
  run,
  throwSite,
  library,
  exception,
}: {
  run: Run;
  throwSite: boolean;
  library: boolean;
  exception: number;
}) {
  const [open, setOpen] = useState(false);
  const repeats = run.count - 1;
  return (
    <>
      <FrameRow frame={run.frame} throwSite={throwSite} library={library} at={{ exception, frame: run.index }} />
      {repeats > 0 &&
        (open ? (
          Array.from({ length: repeats }, (_, i) => (
            <FrameRow
              key={i}
              frame={run.frame}
              throwSite={false}
              library={library}
              at={{ exception, frame: run.index + i + 1 }}
            />
          ))
        ) : (
          <ExpandRow onOpen={() => setOpen(true)} testId="repeated-frames" mono>
            same frame ×{repeats}
            <span className="sr-only">: show the {repeats === 1 ? 'repeat' : 'repeats'}</span>
          </ExpandRow>
        ))}
    </>
  );
}

function HiddenFrames({ runs, anyInApp, exception }: { runs: Run[]; anyInApp: boolean; exception: number }) {
  const [open, setOpen] = useState(false);
  const count = runs.reduce((n, r) => n + r.count, 0);
  if (open)
    return runs.map((run) => (
      <RunRows key={run.index} run={run} throwSite={false} library={anyInApp} exception={exception} />
    ));
  return (
    <ExpandRow onOpen={() => setOpen(true)} testId="show-more-frames">
      Show {count} more {count === 1 ? 'frame' : 'frames'}
    </ExpandRow>
  );
}

/** A row of the frame list that opens what it folds away. */
function ExpandRow({
  onOpen,
  testId,
  mono = false,
  children,
}: {
  onOpen: () => void;
  testId: string;
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="border-b border-line-subtle bg-surface-muted last:border-b-0">
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'w-full px-4 py-2 text-left text-xs font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus',
          mono && 'font-mono',
        )}
        data-testid={testId}
      >
        {children}
      </button>
    </li>
  );
}

/** A stack's frames, innermost first: library runs folded when the app has frames of its own, repeats collapsed. */
export function Frames({
  frames,
  label,
  primary,
  exception,
}: {
  frames: Frame[];
  label: string;
  primary: boolean;
  /** Which exception of the chain these frames are (0: the thrown one), for the frames' source links. */
  exception: number;
}) {
  const anyInApp = frames.some((f) => f.in_app === true);
  return (
    <ol
      className="overflow-hidden rounded-lg border border-line"
      data-testid={primary ? 'stack-trace' : 'cause-stack-trace'}
      aria-label={label}
    >
      {groupFrames(frames).map((g) =>
        g.kind === 'frame' ? (
          <RunRows
            key={g.run.index}
            run={g.run}
            throwSite={primary && g.run.index === 0}
            library={anyInApp && g.run.frame.in_app !== true}
            exception={exception}
          />
        ) : (
          <HiddenFrames key={`hidden-${g.runs[0].index}`} runs={g.runs} anyInApp={anyInApp} exception={exception} />
        ),
      )}
    </ol>
  );
}
