import { KeyValueList, type KeyValueRow } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

const CONTEXT_TITLES: Record<string, string> = {
  runtime: 'Runtime',
  os: 'OS',
  browser: 'Browser',
  device: 'Device',
  app: 'App',
  trace: 'Trace',
  culture: 'Culture',
};
const show = (v: unknown) => (v === null ? 'null' : String(v));

/** A context's rows, `name` and `version` shown together ("Firefox 128.0"). */
function contextRows(values: Record<string, unknown>): KeyValueRow[] {
  const rows: KeyValueRow[] = [];
  const hasName = typeof values.name === 'string';
  for (const [k, v] of Object.entries(values)) {
    if (k === 'version' && hasName) continue;
    rows.push([
      k,
      k === 'name' && hasName
        ? [v, values.version].filter((x) => x !== undefined && x !== null && x !== '').join(' ')
        : show(v),
    ]);
  }
  return rows;
}

/** Runtime, OS, browser, device… each under its own heading; empty ones are left out. */
export function ContextsPanel({ contexts }: { contexts: EventParts['contexts'] }) {
  const entries = Object.entries(contexts ?? {}).filter(([, v]) => Object.keys(v).length > 0);
  if (entries.length === 0) return null;
  return (
    <SectionCard title="Contexts">
      <div className="space-y-4" data-testid="contexts">
        {entries.map(([name, values]) => (
          <div key={name} className="space-y-1.5">
            <h3 className="text-sm font-medium">{CONTEXT_TITLES[name] ?? name}</h3>
            <KeyValueList rows={contextRows(values)} />
          </div>
        ))}
      </div>
    </SectionCard>
  );
}
