import { KeyValueList } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

export function TagsPanel({ tags }: { tags: EventParts['tags'] }) {
  const rows = Object.entries(tags);
  if (rows.length === 0) return null;
  return (
    <SectionCard title="Tags">
      <KeyValueList rows={rows} />
    </SectionCard>
  );
}
