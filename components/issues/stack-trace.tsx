'use client';

import { useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { ChainedException, Frame } from './event-shape';

/** The source lines around a frame, its own line highlighted. */
function ContextLines({ frame }: { frame: Frame }) {
  const pre = frame.pre_context ?? [];
  const post = frame.post_context ?? [];
  const first = frame.lineno !== undefined ? frame.lineno - pre.length : undefined;
  const rows = [
    ...pre.map((text) => ({ text, current: false })),
    { text: frame.context_line ?? '', current: true },
    ...post.map((text) => ({ text, current: false })),
  ];
  return (
    // Focusable: it scrolls sideways on narrow screens, and keyboard users must reach that too.
    <pre
      tabIndex={0}
      aria-label={`Source around line ${frame.lineno ?? '?'} of ${frame.filename}`}
      className="overflow-x-auto border-t border-line-subtle bg-surface-muted py-1 font-mono text-xs leading-5 focus-visible:outline-2 focus-visible:outline-focus"
      data-testid="context-lines"
    >
      {rows.map((r, i) => (
        <div
          key={i}
          data-testid={r.current ? 'context-line-current' : undefined}
          className={cn(
            'flex min-w-max gap-3 pr-4',
            r.current ? 'bg-danger-soft font-semibold text-danger-fg' : 'text-fg-secondary',
          )}
        >
          <span className="w-12 shrink-0 pr-1 text-right text-fg-muted select-none">
            {first !== undefined ? first + i : ''}
          </span>
          <span className="whitespace-pre">{r.text}</span>
        </div>
      ))}
    </pre>
  );
}

function FrameRow({ frame: f, throwSite, library }: { frame: Frame; throwSite: boolean; library: boolean }) {
  const hasContext = f.context_line !== undefined;
  const [minified, setMinified] = useState(false);
  return (
    <li
      data-testid={throwSite ? 'frame-throw-site' : 'frame'}
      data-in-app={f.in_app === undefined ? undefined : String(f.in_app)}
      aria-current={throwSite ? 'true' : undefined}
      className={cn(
        'border-b border-line-subtle last:border-b-0',
        throwSite ? 'border-l-4 border-l-danger bg-danger-soft' : 'bg-surface',
      )}
    >
      <div
        className={cn(
          'flex flex-wrap items-baseline gap-x-2 gap-y-1 px-4 font-mono',
          throwSite ? 'py-3 text-sm' : 'py-2.5 text-xs',
        )}
      >
        <span
          className={cn('font-semibold', throwSite ? 'text-danger-fg' : library ? 'text-fg-secondary' : 'text-fg')}
          data-testid="frame-function"
        >
          {f.function ?? '<anonymous>'}
        </span>
        <span className="text-fg-muted">in</span>
        <span className="break-all text-fg-secondary" data-testid="frame-file" title={f.abs_path}>
          {f.filename}
        </span>
        <span className="text-fg-muted">
          at line{' '}
          <span className="text-fg" data-testid="frame-line">
            {f.lineno ?? '?'}
          </span>
          {f.colno !== undefined && <>:{f.colno}</>}
        </span>
        {library && (
          <span className="rounded bg-surface-hover px-1.5 py-0.5 font-sans text-[11px] text-fg-muted">library</span>
        )}
        {f.raw && (
          <button
            type="button"
            aria-expanded={minified}
            onClick={() => setMinified(!minified)}
            className="font-sans text-[11px] text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus"
            data-testid="show-minified"
          >
            {minified ? 'Hide minified' : 'Show minified'}
          </button>
        )}
        {throwSite && (
          <span className="ml-auto rounded-full bg-danger-solid px-2 py-0.5 font-sans text-[11px] font-semibold text-white">
            Thrown here
          </span>
        )}
      </div>
      {f.raw && minified && (
        <p
          className="border-t border-line-subtle px-4 py-1.5 font-mono text-xs break-all text-fg-secondary"
          data-testid="minified-frame"
        >
          {f.raw.function ?? '<anonymous>'} in {f.raw.filename} at line {f.raw.lineno ?? '?'}
          {f.raw.colno !== undefined && <>:{f.raw.colno}</>}
        </p>
      )}
      {f.symbolication_error && (
        <p
          className="border-t border-line-subtle bg-warning-soft px-4 py-1.5 font-sans text-xs text-warning-fg"
          data-testid="frame-unmapped"
        >
          Not source-mapped: {f.symbolication_error}
        </p>
      )}
      {hasContext && <ContextLines frame={f} />}
    </li>
  );
}

/** Consecutive identical frames (recursion) as one run: the frame, its first index and how many in a row. */
type Run = { frame: Frame; index: number; count: number };
type Group = { kind: 'frame'; run: Run } | { kind: 'hidden'; runs: Run[] };

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
function groupFrames(frames: Frame[]): Group[] {
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

/** A frame, then "same frame ×N" for its identical successors, which open on demand. */
function RunRows({ run, throwSite, library }: { run: Run; throwSite: boolean; library: boolean }) {
  const [open, setOpen] = useState(false);
  const repeats = run.count - 1;
  return (
    <>
      <FrameRow frame={run.frame} throwSite={throwSite} library={library} />
      {repeats > 0 &&
        (open ? (
          Array.from({ length: repeats }, (_, i) => (
            <FrameRow key={i} frame={run.frame} throwSite={false} library={library} />
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

function HiddenFrames({ runs, anyInApp }: { runs: Run[]; anyInApp: boolean }) {
  const [open, setOpen] = useState(false);
  const count = runs.reduce((n, r) => n + r.count, 0);
  if (open) return runs.map((run) => <RunRows key={run.index} run={run} throwSite={false} library={anyInApp} />);
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

function Frames({ frames, label, primary }: { frames: Frame[]; label: string; primary: boolean }) {
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
          />
        ) : (
          <HiddenFrames key={`hidden-${g.runs[0].index}`} runs={g.runs} anyInApp={anyInApp} />
        ),
      )}
    </ol>
  );
}

function ExceptionHeading({ type, message, handled }: { type?: string; message: string; handled?: boolean }) {
  return (
    <p className="font-mono text-sm break-words">
      {type && <span className="font-semibold">{type}: </span>}
      {message}
      {handled === false && (
        <span className="ml-2 rounded-full bg-danger-soft px-2 py-0.5 font-sans text-[11px] font-semibold text-danger-fg">
          unhandled
        </span>
      )}
    </p>
  );
}

/** "caused by" for an explicit cause; "during handling of" for Python's implicit context. */
const linkLabel = (e: ChainedException) => (e.mechanism?.source === '__context__' ? 'During handling of' : 'Caused by');

/**
 * Frames innermost first, as stored; frame 0 is where the error was thrown. With a chain, the thrown
 * exception comes first and each cause below it.
 */
export function StackTrace({
  type,
  message,
  frames,
  exceptions,
}: {
  type?: string;
  message: string;
  frames: Frame[];
  exceptions?: ChainedException[] | null;
}) {
  const causes = exceptions?.slice(1) ?? [];
  const thrown = exceptions?.[0];
  return (
    <section aria-labelledby="stack-heading" className="space-y-3">
      <h2 id="stack-heading" className="text-base font-semibold">
        Stack trace
      </h2>
      {/* An empty chain is a message without exception: no type to read from the title. */}
      <ExceptionHeading
        type={thrown?.type ?? (exceptions?.length === 0 ? undefined : type)}
        message={message}
        handled={thrown?.mechanism?.handled}
      />
      {frames.length === 0 ? (
        <p className="text-sm text-fg-muted">This event has no stack trace.</p>
      ) : (
        <Frames frames={frames} label="Frames, innermost first" primary />
      )}
      {causes.map((c, i) => (
        <div key={i} className="space-y-3 border-t border-line-subtle pt-3" data-testid="chained-exception">
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{linkLabel(c)}</p>
          <ExceptionHeading type={c.type} message={c.value} handled={c.mechanism?.handled} />
          {c.stacktrace && c.stacktrace.frames.length > 0 ? (
            <Frames frames={c.stacktrace.frames} label={`Frames of ${c.type}, innermost first`} primary={false} />
          ) : (
            <p className="text-sm text-fg-muted">No stack trace.</p>
          )}
        </div>
      ))}
    </section>
  );
}
