import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

/** Whatever else the SDK attached, as JSON. */
export function ExtraPanel({ extra }: { extra: EventParts['extra'] }) {
  if (!extra || Object.keys(extra).length === 0) return null;
  return (
    <SectionCard title="Extra">
      <pre
        className="overflow-x-auto rounded-lg bg-surface-muted p-3 font-mono text-xs leading-5 text-fg"
        data-testid="extra"
      >
        {JSON.stringify(extra, null, 2)}
      </pre>
    </SectionCard>
  );
}
