import { KeyValueList, type KeyValueRow } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

/** The SDKs' own contexts, in this order (the stored JSON keeps no order), then the others by name. */
const CONTEXT_TITLES: Record<string, string> = {
  browser: 'Browser',
  os: 'OS',
  device: 'Device',
  runtime: 'Runtime',
  app: 'App',
  culture: 'Culture',
  gpu: 'GPU',
  trace: 'Trace',
  response: 'Response',
  state: 'State',
  cloud_resource: 'Cloud resource',
  react: 'React',
  otel: 'OpenTelemetry',
};

/** A nested value (an object or a list) as indented JSON, so its structure reads at a glance. */
function ContextValue({ value }: { value: unknown }) {
  if (value === null) return 'null';
  if (typeof value !== 'object') return String(value);
  return <pre className="font-mono text-xs leading-5 whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
}

/** A context's rows, `name` and `version` shown together ("Firefox 128.0"). */
function contextRows(values: Record<string, unknown>): KeyValueRow[] {
  const rows: KeyValueRow[] = [];
  const hasName = typeof values.name === 'string';
  for (const [k, v] of Object.entries(values)) {
    if (k === 'version' && hasName) continue;
    rows.push([
      k,
      k === 'name' && hasName ? (
        [v, values.version].filter((x) => x !== undefined && x !== null && x !== '').join(' ')
      ) : (
        <ContextValue value={v} />
      ),
    ]);
  }
  return rows;
}

/** A `flags` context of the SDKs' shape is the Feature flags panel's (./flags-panel.tsx), not a context panel. */
const isFlagList = (name: string, values: Record<string, unknown>) => name === 'flags' && Array.isArray(values.values);

/**
 * Every context the event carries (runtime, OS, browser, device… and any a team set with `Sentry.setContext`), each
 * in its own panel with its keys and values; nested values as indented JSON. Empty ones are left out.
 */
export function ContextsPanel({ contexts }: { contexts: EventParts['contexts'] }) {
  const known = Object.keys(CONTEXT_TITLES);
  const rank = (name: string) => (known.includes(name) ? known.indexOf(name) : known.length);
  const entries = Object.entries(contexts ?? {})
    .filter(([name, v]) => Object.keys(v).length > 0 && !isFlagList(name, v))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  if (entries.length === 0) return null;
  // `contents`: each panel is an item of the details' grid, the wrapper only names the group.
  return (
    <div className="contents" data-testid="contexts">
      {entries.map(([name, values]) => (
        <SectionCard key={name} title={CONTEXT_TITLES[name] ?? name}>
          <div data-testid="context" data-context={name}>
            <KeyValueList rows={contextRows(values)} />
          </div>
        </SectionCard>
      ))}
    </div>
  );
}
