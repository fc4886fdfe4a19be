import { cn } from '@/components/ui/cn';
import type { Frame } from './event-shape';

/** Frames innermost first, as stored; frame 0 is where the error was thrown. */
export function StackTrace({ type, message, frames }: { type?: string; message: string; frames: Frame[] }) {
  return (
    <section aria-labelledby="stack-heading" className="space-y-3">
      <h2 id="stack-heading" className="text-base font-semibold">
        Stack trace
      </h2>
      <p className="font-mono text-sm break-words">
        {type && <span className="font-semibold">{type}: </span>}
        {message}
      </p>
      {frames.length === 0 ? (
        <p className="text-sm text-fg-muted">This event has no stack trace.</p>
      ) : (
        <ol className="overflow-hidden rounded-lg border border-line" data-testid="stack-trace" aria-label="Frames, innermost first">
          {frames.map((f, i) => {
            const throwSite = i === 0;
            return (
              <li
                key={i}
                data-testid={throwSite ? 'frame-throw-site' : 'frame'}
                aria-current={throwSite ? 'true' : undefined}
                className={cn(
                  'flex flex-wrap items-baseline gap-x-2 gap-y-1 border-b border-line-subtle px-4 py-2.5 font-mono text-xs last:border-b-0',
                  throwSite ? 'border-l-4 border-l-danger bg-danger-soft py-3 text-sm' : 'bg-surface',
                )}
              >
                <span className={cn('font-semibold', throwSite ? 'text-danger-fg' : 'text-fg')} data-testid="frame-function">
                  {f.function ?? '<anonymous>'}
                </span>
                <span className="text-fg-muted">in</span>
                <span className="break-all text-fg-secondary" data-testid="frame-file">
                  {f.filename}
                </span>
                <span className="text-fg-muted">
                  at line{' '}
                  <span className="text-fg" data-testid="frame-line">
                    {f.lineno ?? '?'}
                  </span>
                  {f.colno !== undefined && <>:{f.colno}</>}
                </span>
                {throwSite && (
                  <span className="ml-auto rounded-full bg-danger-solid px-2 py-0.5 font-sans text-[11px] font-semibold text-white">Thrown here</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
