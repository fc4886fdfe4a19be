import Link from 'next/link';
import type { ReactNode } from 'react';
import type { TrackedEvent } from '@/lib/swr/use-events';
import { TraceLink, traceIdOf } from '@/components/traces/trace-link';
import { WatchReplay } from '@/components/replays/replay-link';
import { replayIdOf } from '@/lib/replays/replay-id-of';
import { cn } from '@/components/ui/cn';
import { contextLabel } from '@/lib/envelope/context-label';
import { LevelBadge } from '../badges';
import type { EventParts } from './event-parts';
import { releaseHref } from '@/lib/swr/use-releases';
import { endpointName } from '@/lib/text/endpoint-name';

type Highlight = { key: string; label: string; value: ReactNode; title?: string };

/** Who the event happened to, by the most telling thing the SDK sent. */
const userOf = (u: EventParts['user']) => u?.email ?? u?.username ?? u?.id ?? u?.ip_address;

function text(key: string, label: string, value: string | null | undefined): Highlight | null {
  return value ? { key, label, value, title: value } : null;
}

/**
 * The few facts a reader looks for first, as Sentry's highlights: level, handled or not, where (environment,
 * release, URL, transaction), who (user) and on what (browser, runtime, OS), and the trace.
 */
export function HighlightsPanel({ event, parts }: { event: TrackedEvent; parts: EventParts }) {
  const { contexts, user, request, exceptions } = parts;
  const handled = exceptions?.[0]?.mechanism?.handled;
  const traceId = traceIdOf(event.contexts);
  const replayId = replayIdOf(event);
  const items = [
    { key: 'level', label: 'Level', value: <LevelBadge level={event.level} /> },
    handled === undefined
      ? null
      : {
          key: 'handled',
          label: 'Handled',
          value: <span className={cn(!handled && 'font-semibold text-danger-fg')}>{handled ? 'Yes' : 'No'}</span>,
        },
    text('environment', 'Environment', event.environment),
    event.release
      ? {
          key: 'release',
          label: 'Release',
          title: event.release,
          value: (
            <Link className="text-link hover:underline" href={releaseHref(event.projectId, event.release)}>
              {event.release}
            </Link>
          ),
        }
      : null,
    text('user', 'User', userOf(user)),
    text('url', 'URL', request?.url),
    text('transaction', 'Transaction', event.transaction && endpointName(event.transaction, request)),
    text('browser', 'Browser', contextLabel(contexts, 'browser')),
    text('runtime', 'Runtime', contextLabel(contexts, 'runtime')),
    text('os', 'OS', contextLabel(contexts, 'os')),
    traceId
      ? {
          key: 'trace',
          label: 'Trace',
          title: traceId,
          value: (
            <TraceLink traceId={traceId} className="text-link hover:underline">
              {traceId.slice(0, 16)}
            </TraceLink>
          ),
        }
      : null,
    replayId
      ? { key: 'replay', label: 'Replay', value: <WatchReplay replayId={replayId} at={event.timestamp} /> }
      : null,
  ].filter((h): h is Highlight => h !== null);

  return (
    <section aria-labelledby="highlights-heading" className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <h2 id="highlights-heading" className="sr-only">
        Highlights
      </h2>
      <dl
        className="grid grid-flow-row-dense grid-cols-2 gap-x-6 gap-y-3 @lg:grid-cols-3 @2xl:grid-cols-4"
        data-testid="event-highlights"
      >
        {items.map((h) => (
          <div key={h.key} className={cn('min-w-0', h.key === 'url' && 'col-span-2')}>
            <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{h.label}</dt>
            <dd
              className="mt-0.5 truncate font-mono text-xs leading-6 text-fg"
              title={h.title}
              data-testid={`highlight-${h.key}`}
            >
              {h.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
