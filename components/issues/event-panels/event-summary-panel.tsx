import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { TrackedEvent } from '@/lib/swr/use-events';
import { LevelBadge } from '../badges';
import { DateTime } from '@/components/ui/date-time';

/** The event's id, level, times, environment and release. */
export function EventSummaryPanel({ event }: { event: TrackedEvent }) {
  return (
    <SectionCard title="Event">
      <KeyValueList
        rows={presentRows([
          ['ID', event.id],
          ['Level', <LevelBadge key="l" level={event.level} />],
          ['Occurred', <DateTime key="t" iso={event.timestamp} precision="ms" />],
          ['Received', <DateTime key="r" iso={event.receivedAt} precision="ms" />],
          ['Environment', event.environment],
          ['Release', event.release],
        ])}
      />
    </SectionCard>
  );
}
