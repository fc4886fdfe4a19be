import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { TrackedEvent } from '@/lib/swr/use-events';
import type { EventParts } from './event-parts';

/** What sent the event: the SDK, platform, logger, server and transaction. */
export function SdkPanel({ event, sdk }: { event: TrackedEvent; sdk: EventParts['sdk'] }) {
  const rows = presentRows([
    ['SDK', sdk ? [sdk.name, sdk.version].filter(Boolean).join(' ') : null],
    ['Platform', event.platform],
    ['Logger', event.logger],
    ['Server', event.serverName],
    ['Transaction', event.transaction],
  ]);
  if (rows.length === 0) return null;
  return (
    <SectionCard title="SDK">
      <KeyValueList rows={rows} />
    </SectionCard>
  );
}
