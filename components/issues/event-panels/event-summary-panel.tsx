import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { TrackedEvent } from '@/lib/swr/use-events';
import { LevelBadge } from '../badges';

/** The event's id, level, times, environment and release. */
export function EventSummaryPanel({ event }: { event: TrackedEvent }) {
  return (
    <SectionCard title="Event">
      <KeyValueList
        rows={presentRows([
          ['ID', event.id],
          ['Level', <LevelBadge key="l" level={event.level} />],
          [
            'Occurred',
            <time key="t" dateTime={event.timestamp}>
              {event.timestamp}
            </time>,
          ],
          [
            'Received',
            <time key="r" dateTime={event.receivedAt}>
              {event.receivedAt}
            </time>,
          ],
          ['Environment', event.environment],
          ['Release', event.release],
        ])}
      />
    </SectionCard>
  );
}
