import type { ChainedException, Frame } from './event-shape';
import { Frames } from './stack-trace/frame-list';

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
        <Frames frames={frames} label="Frames, innermost first" primary exception={0} />
      )}
      {causes.map((c, i) => (
        <div key={i} className="space-y-3 border-t border-line-subtle pt-3" data-testid="chained-exception">
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{linkLabel(c)}</p>
          <ExceptionHeading type={c.type} message={c.value} handled={c.mechanism?.handled} />
          {c.stacktrace && c.stacktrace.frames.length > 0 ? (
            <Frames
              frames={c.stacktrace.frames}
              label={`Frames of ${c.type}, innermost first`}
              primary={false}
              exception={i + 1}
            />
          ) : (
            <p className="text-sm text-fg-muted">No stack trace.</p>
          )}
        </div>
      ))}
    </section>
  );
}
