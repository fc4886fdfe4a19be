import type { ReactNode } from 'react';
import type { TrackedEvent } from '@/lib/swr/use-events';
import { Card } from '@/components/ui/card';
import { readEvent } from './event-shape';
import { StackTrace } from './stack-trace';
import { LevelBadge } from './badges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Pairs({ rows, empty }: { rows: [string, ReactNode][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-fg-muted">{k}</dt>
          <dd className="min-w-0 font-mono text-xs leading-5 break-all text-fg">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const defined = (rows: [string, ReactNode | undefined | null][]) => rows.filter((r): r is [string, ReactNode] => r[1] !== undefined && r[1] !== null && r[1] !== '');

/** Everything one event carries: stack trace, breadcrumbs, tags, user, request, browser/OS. */
export function EventDetails({ event, exceptionType }: { event: TrackedEvent; exceptionType?: string }) {
  const { frames, contexts, breadcrumbs, tags, user, request } = readEvent(event);
  const nameVersion = (v?: { name?: string; version?: string }) => (v ? [v.name, v.version].filter(Boolean).join(' ') || null : null);

  return (
    <div className="space-y-6">
      <Card>
        <StackTrace type={exceptionType} message={event.message} frames={frames} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <Section title="Event">
            <Pairs
              empty=""
              rows={defined([
                ['ID', event.id],
                ['Level', <LevelBadge key="l" level={event.level} />],
                ['Occurred', <time key="t" dateTime={event.timestamp}>{event.timestamp}</time>],
                ['Received', <time key="r" dateTime={event.receivedAt}>{event.receivedAt}</time>],
                ['Environment', event.environment],
                ['Release', event.release],
              ])}
            />
          </Section>
        </Card>
        <Card>
          <Section title="Tags">
            <Pairs empty="No tags." rows={Object.entries(tags)} />
          </Section>
        </Card>
        <Card>
          <Section title="User">
            <Pairs empty="No user." rows={defined([['ID', user?.id], ['Email', user?.email]])} />
          </Section>
        </Card>
        <Card>
          <Section title="Browser and OS">
            <Pairs empty="No browser or OS context." rows={defined([['Browser', nameVersion(contexts?.browser)], ['OS', nameVersion(contexts?.os)]])} />
          </Section>
        </Card>
        <Card className="lg:col-span-2">
          <Section title="Request">
            <Pairs
              empty="No request."
              rows={defined([
                ['Method', request?.method],
                ['URL', request?.url],
                ...Object.entries(request?.headers ?? {}).map(([k, v]): [string, string] => [k, v]),
              ])}
            />
          </Section>
        </Card>
      </div>

      <Card>
        <Section title="Breadcrumbs">
          {breadcrumbs.length === 0 ? (
            <p className="text-sm text-fg-muted">No breadcrumbs.</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="breadcrumbs">
                <caption className="sr-only">Breadcrumbs, oldest first</caption>
                <thead className="text-xs text-fg-muted uppercase">
                  <tr>
                    <th scope="col" className="py-1.5 pr-4 font-medium">
                      Time
                    </th>
                    <th scope="col" className="py-1.5 pr-4 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      Message
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line-subtle">
                  {breadcrumbs.map((b, i) => (
                    <tr key={i}>
                      <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap text-fg-muted">
                        {b.timestamp ? new Date(b.timestamp).toISOString().slice(11, 23) : '—'}
                      </td>
                      <td className="py-1.5 pr-4">
                        <span className="rounded bg-surface-hover px-1.5 py-0.5 font-mono text-xs text-fg-secondary">{b.type}</span>
                      </td>
                      <td className="py-1.5 font-mono text-xs break-all">
                        {b.message ?? ''}
                        {b.data && <span className="text-fg-muted"> {JSON.stringify(b.data)}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
      </Card>
    </div>
  );
}
