import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

const show = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

/**
 * The feature flags the SDK's flag integration had evaluated when the event happened (`contexts.flags`), as a table
 * of flag and value in the order they were evaluated, as Sentry shows them.
 */
export function FlagsPanel({ flags }: { flags: EventParts['flags'] }) {
  if (flags.length === 0) return null;
  return (
    <SectionCard title="Feature flags">
      <table className="w-full text-sm" data-testid="feature-flags">
        <thead>
          <tr className="text-left text-fg-muted">
            <th scope="col" className="py-1 pr-4 font-normal">
              Flag
            </th>
            <th scope="col" className="py-1 font-normal">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-subtle">
          {flags.map((f, i) => (
            <tr key={`${f.flag}-${i}`} data-testid="feature-flag">
              <td className="py-1 pr-4 font-mono text-xs break-all">{f.flag}</td>
              <td className="py-1 font-mono text-xs break-all">{show(f.result)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
