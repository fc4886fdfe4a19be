import type { ReactNode } from 'react';
import type { TrackedEvent } from '@/lib/swr/use-events';
import { Card } from '@/components/ui/card';
import { readEvent, type Logentry } from './event-shape';
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

const CONTEXT_TITLES: Record<string, string> = { runtime: 'Runtime', os: 'OS', browser: 'Browser', device: 'Device', app: 'App', trace: 'Trace', culture: 'Culture' };
const show = (v: unknown) => (v === null ? 'null' : String(v));

/** A context's rows, `name` and `version` shown together ("Firefox 128.0"). */
function contextRows(values: Record<string, unknown>): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  const hasName = typeof values.name === 'string';
  for (const [k, v] of Object.entries(values)) {
    if (k === 'version' && hasName) continue;
    rows.push([k, k === 'name' && hasName ? [v, values.version].filter((x) => x !== undefined && x !== null && x !== '').join(' ') : show(v)]);
  }
  return rows;
}

/** The log message: formatted text, and the template with its params when they differ. */
function LogMessage({ logentry }: { logentry: Logentry }) {
  const params = logentry.params ?? [];
  return (
    <Section title="Log message">
      <p className="font-mono text-sm break-words" data-testid="log-message">
        {logentry.formatted}
      </p>
      {(logentry.message !== logentry.formatted || params.length > 0) && (
        <Pairs
          empty=""
          rows={[
            ['Template', logentry.message],
            ...params.map((p, i): [string, ReactNode] => [`Param ${i}`, typeof p === 'string' ? p : JSON.stringify(p)]),
          ]}
        />
      )}
    </Section>
  );
}

/** Everything one event carries: stack trace (and its chain), log message, contexts, breadcrumbs, tags, user, request, extra, SDK. */
export function EventDetails({ event, exceptionType }: { event: TrackedEvent; exceptionType?: string }) {
  const { frames, contexts, breadcrumbs, tags, user, request, exceptions, logentry, sdk, extra, modules } = readEvent(event);
  const contextEntries = Object.entries(contexts ?? {}).filter(([, v]) => Object.keys(v).length > 0);
  const sdkRows = defined([
    ['SDK', sdk ? [sdk.name, sdk.version].filter(Boolean).join(' ') : null],
    ['Platform', event.platform],
    ['Logger', event.logger],
    ['Server', event.serverName],
    ['Transaction', event.transaction],
  ]);
  const tagRows = Object.entries(tags);
  const userRows = defined([
    ['ID', user?.id],
    ['Email', user?.email],
    ['Username', user?.username],
    ['IP address', user?.ip_address],
  ]);
  const requestRows = defined([
    ['Method', request?.method],
    ['URL', request?.url],
    ['Query', request?.query_string],
    ...Object.entries(request?.headers ?? {}).map(([k, v]): [string, string] => [k, v]),
    ...Object.entries(request?.cookies ?? {}).map(([k, v]): [string, string] => [`Cookie ${k}`, v]),
    ['Body', request?.data === undefined ? undefined : typeof request.data === 'string' ? request.data : JSON.stringify(request.data, null, 2)],
  ]);

  return (
    <div className="space-y-6">
      <Card>
        <StackTrace type={exceptionType} message={event.message} frames={frames} exceptions={exceptions} />
      </Card>

      {logentry && (
        <Card>
          <LogMessage logentry={logentry} />
        </Card>
      )}

      {/* A panel shows only when the event carries something for it: no "No request." cards. */}
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
        {tagRows.length > 0 && (
          <Card>
            <Section title="Tags">
              <Pairs empty="" rows={tagRows} />
            </Section>
          </Card>
        )}
        {userRows.length > 0 && (
          <Card>
            <Section title="User">
              <Pairs empty="" rows={userRows} />
            </Section>
          </Card>
        )}
        {contextEntries.length > 0 && (
          <Card>
            <Section title="Contexts">
              <div className="space-y-4" data-testid="contexts">
                {contextEntries.map(([name, values]) => (
                  <div key={name} className="space-y-1.5">
                    <h3 className="text-sm font-medium">{CONTEXT_TITLES[name] ?? name}</h3>
                    <Pairs empty="" rows={contextRows(values)} />
                  </div>
                ))}
              </div>
            </Section>
          </Card>
        )}
        {sdkRows.length > 0 && (
          <Card>
            <Section title="SDK">
              <Pairs empty="" rows={sdkRows} />
            </Section>
          </Card>
        )}
        {extra && Object.keys(extra).length > 0 && (
          <Card>
            <Section title="Extra">
              <pre className="overflow-x-auto rounded-lg bg-surface-muted p-3 font-mono text-xs leading-5 text-fg" data-testid="extra">
                {JSON.stringify(extra, null, 2)}
              </pre>
            </Section>
          </Card>
        )}
        {requestRows.length > 0 && (
          <Card className="lg:col-span-2">
            <Section title="Request">
              <Pairs empty="" rows={requestRows} />
            </Section>
          </Card>
        )}
      </div>

      {breadcrumbs.length > 0 && (
        <Card>
          <Section title="Breadcrumbs">
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="breadcrumbs">
                <caption className="sr-only">Breadcrumbs, oldest first</caption>
                <thead className="text-xs text-fg-muted uppercase">
                  <tr>
                    <th scope="col" className="py-1.5 pr-4 font-medium">
                      Time
                    </th>
                    <th scope="col" className="py-1.5 pr-4 font-medium">
                      Category
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
                        <span className="rounded bg-surface-hover px-1.5 py-0.5 font-mono text-xs text-fg-secondary">{b.category ?? b.type}</span>
                        {b.category && b.type !== 'default' && <span className="ml-1 text-xs text-fg-muted">{b.type}</span>}
                        {b.level && b.level !== 'info' && <span className="ml-1 text-xs font-medium text-warning-fg">{b.level}</span>}
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
          </Section>
        </Card>
      )}

      {modules && Object.keys(modules).length > 0 && (
        <Card>
          <details>
            <summary className="cursor-pointer text-base font-semibold">Modules ({Object.keys(modules).length})</summary>
            <div className="mt-3">
              <Pairs empty="" rows={Object.entries(modules)} />
            </div>
          </details>
        </Card>
      )}
    </div>
  );
}
