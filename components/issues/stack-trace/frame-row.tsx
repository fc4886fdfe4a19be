'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import type { Frame } from '../event-shape';
import { FrameSourceLink } from '@/components/integrations/source-links';

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

/** One frame: where, in-app or library, its minified original and its source lines. */
export function FrameRow({
  frame: f,
  throwSite,
  library,
  at,
}: {
  frame: Frame;
  throwSite: boolean;
  library: boolean;
  /** Where the frame is: its exception in the chain (0: the thrown one) and its index in that stack. */
  at: { exception: number; frame: number };
}) {
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
        <FrameSourceLink exception={at.exception} frame={at.frame} />
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
