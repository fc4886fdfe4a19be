import { Card } from '@/components/ui/card';
import { KeyValueList } from '@/components/ui/key-value-list';
import type { EventParts } from './event-parts';

/** The loaded packages and their versions, folded: the list is long and rarely read. */
export function ModulesPanel({ modules }: { modules: EventParts['modules'] }) {
  const rows = Object.entries(modules ?? {});
  if (rows.length === 0) return null;
  return (
    <Card>
      <details>
        <summary className="cursor-pointer text-base font-semibold">Modules ({rows.length})</summary>
        <div className="mt-3">
          <KeyValueList rows={rows} />
        </div>
      </details>
    </Card>
  );
}
