import { KeyValueList, type KeyValueRow } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { Logentry } from '../event-shape';

/** The log message: formatted text, and the template with its params when they differ. */
export function LogMessagePanel({ logentry }: { logentry: Logentry }) {
  const params = logentry.params ?? [];
  return (
    <SectionCard title="Log message">
      <p className="font-mono text-sm break-words" data-testid="log-message">
        {logentry.formatted}
      </p>
      {(logentry.message !== logentry.formatted || params.length > 0) && (
        <KeyValueList
          rows={[
            ['Template', logentry.message],
            ...params.map((p, i): KeyValueRow => [`Param ${i}`, typeof p === 'string' ? p : JSON.stringify(p)]),
          ]}
        />
      )}
    </SectionCard>
  );
}
