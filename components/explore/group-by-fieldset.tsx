'use client';

import { EXPLORE_LIMITS } from '@/lib/zod/explore';
import { Button } from '@/components/ui/button';
import { FieldInput } from './field-input';

/** Up to three fields or attributes to group by, in order (the table's first columns). */
export function GroupByFieldset({
  groupBy,
  attributes,
  onChange,
}: {
  groupBy: string[];
  /** What the dataset calls its other keys ("attribute", "tag"…), or null when it has fields only. */
  attributes: string | null;
  onChange: (groupBy: string[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Group by (up to {EXPLORE_LIMITS.groupBy})</legend>
      <div className="flex flex-wrap items-center gap-2">
        {groupBy.map((g, i) => (
          <div key={i} className="flex items-center gap-1">
            <FieldInput
              label={`Group by ${i + 1}`}
              list="explore-fields"
              value={g}
              onChange={(v) => onChange(groupBy.map((x, j) => (j === i ? v : x)))}
              placeholder={attributes ? `field or ${attributes}` : 'field'}
            />
            <Button
              variant="ghost"
              aria-label={`Remove group by ${i + 1}`}
              onClick={() => onChange(groupBy.filter((_, j) => j !== i))}
            >
              ×
            </Button>
          </div>
        ))}
        {groupBy.length < EXPLORE_LIMITS.groupBy && (
          <Button variant="secondary" onClick={() => onChange([...groupBy, ''])}>
            Add group-by
          </Button>
        )}
      </div>
    </fieldset>
  );
}
